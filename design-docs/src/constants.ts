// The business constants of both specs, in one place so that screens, schemas and demo data agree.

export const EVENT_CATEGORIES = ['Party', 'Concert', 'Carnival', 'Cruise', 'Beach Party', 'Festival'] as const;
export type EventCategory = (typeof EVENT_CATEGORIES)[number];
/** Fete Travel lists these categories; Fete Guide lists every other one. */
export const TRAVEL_CATEGORIES = ['Festival', 'Carnival', 'Cruise'] as const satisfies readonly EventCategory[];

/** Countries for events and bands (the spec's 22). */
export const COUNTRIES = [
  'Antigua and Barbuda',
  'Bahamas',
  'Barbados',
  'Bermuda',
  'Canada',
  'Cuba',
  'Dominica',
  'Dominican Republic',
  'Grenada',
  'Guyana',
  'Haiti',
  'Jamaica',
  'Saint Kitts and Nevis',
  'Saint Lucia',
  'Saint Martin (Sint Maarten)',
  'Saint Thomas (U.S. Virgin Islands)',
  'Saint Vincent and the Grenadines',
  'Suriname',
  'Trinidad',
  'Tobago',
  'United Kingdom',
  'United States',
] as const;
export type Country = (typeof COUNTRIES)[number];
/** The shorter country filter of the Fete Travel screen. */
export const TRAVEL_COUNTRY_FILTER = ['Trinidad', 'Tobago', 'Jamaica', 'Barbados', 'United States'] as const;

export const CUISINES = ['Caribbean', 'Creole', 'Seafood', 'BBQ', 'Street Food', 'Fusion', 'Vegan'] as const;
export const PRICE_RANGES = ['$', '$$', '$$$', '$$$$'] as const;
export const RESTAURANT_LOCATIONS = ['Trinidad', 'Tobago'] as const;

export const MARKET_CATEGORIES = [
  'Costumes',
  'Swimwear',
  'Accessories',
  'Footwear',
  'Makeup',
  'Body Jewelry',
  'Festival Wear',
  'Tanks',
  'Crop Tops',
  'Monday Wear',
] as const;
export const MARKET_PRICE_DEFAULT = { min: 0, max: 1000 } as const;

export const PROVIDER_SERVICES = [
  'Makeup',
  'Hair Styling',
  'Face Painting',
  'Glitter Art',
  'Body Paint',
  'Prosthetics',
  'Lash Application',
  'Special Effects',
  'Airbrush Makeup',
  'Henna Art',
] as const;
export const PROVIDER_RATING_FILTERS = [4.5, 4.0, 3.5] as const;
export const RATING_MIN = 1;
export const RATING_MAX = 5;

export const PAYMENT_METHODS = ['Credit Card', 'PayPal', 'Bank Transfer', 'Cash', 'Crypto', 'Other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const DEFAULT_PAYMENT_METHOD: PaymentMethod = 'Credit Card';
export const RECEIPT_STATUSES = ['paid', 'pending', 'failed'] as const;
export type ReceiptStatus = (typeof RECEIPT_STATUSES)[number];
export const DEFAULT_RECEIPT_STATUS: ReceiptStatus = 'paid';
export const RECEIPT_NUMBER_MIN = 10000;
export const RECEIPT_NUMBER_MAX = 99999;

export const SUBMISSION_STATUSES = ['pending', 'processed', 'completed'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];
export const SUBMISSION_STATUS_MESSAGES: Record<SubmissionStatus, string> = {
  completed: 'Your request has been completed. Thank you for your submission!',
  processed: "Your request is being processed. We'll update you soon.",
  pending: "Your request is pending review. We'll process it shortly.",
};
/** Submissions one page of `GET /api/admin/forms/{formid}/submissions` holds (the screen's Show more). */
export const ADMIN_SUBMISSIONS_PAGE = 100;
export const ADMIN_SUBMISSIONS_MAX_PAGE = 500;
/** The longest search an admin may type. */
export const ADMIN_SUBMISSIONS_MAX_SEARCH = 200;
/** Where a page ends, as the server wrote it (opaque to the app). */
export const ADMIN_SUBMISSIONS_MAX_CURSOR = 16_384;

export const FORM_TYPES = ['package', 'ride'] as const;
export type FormType = (typeof FORM_TYPES)[number];
export const FORM_FIELD_TYPES = ['text', 'email', 'number', 'select', 'checkbox', 'textarea', 'date'] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];
/** Only these field types carry `options`. */
export const FORM_OPTION_FIELD_TYPES = ['select', 'checkbox'] as const satisfies readonly FormFieldType[];
export const DEFAULT_SUBMIT_TEXT = 'Submit';
export const DEFAULT_FIELD_OPTION = 'Option 1';

export const LIKE_ITEM_TYPES = ['event', 'restaurant', 'provider', 'band'] as const;
export type LikeItemType = (typeof LIKE_ITEM_TYPES)[number];
export const ATTENDANCE_TARGET_TYPES = ['event', 'band'] as const;
export type AttendanceTargetType = (typeof ATTENDANCE_TARGET_TYPES)[number];
export const RATING_TARGET_TYPES = ['provider', 'band'] as const;
export type RatingTargetType = (typeof RATING_TARGET_TYPES)[number];
export const FEATURED_ITEM_TYPES = ['event', 'restaurant', 'face', 'band', 'marqet'] as const;
export type FeaturedItemType = (typeof FEATURED_ITEM_TYPES)[number];

export const PROFILE_ROLES = ['member', 'admin'] as const;
export type ProfileRole = (typeof PROFILE_ROLES)[number];
export const MEMBERSHIP_TYPES = ['gold', 'premium'] as const;
export type MembershipType = (typeof MEMBERSHIP_TYPES)[number];
export const GOLD_MEMBERSHIP_DAYS = 365;
export const MEMBERSHIP_WARNING_DAYS = 30;
/** Premium is shown as "coming soon" and cannot be chosen. */
export const PREMIUM_PRICE_PER_YEAR_USD = 250;
export const PASSWORD_MIN_LENGTH = 6;
/** Not in the spec: bounds the cost of hashing a hostile input. */
export const PASSWORD_MAX_LENGTH = 256;

export const UPLOAD_BUCKETS = ['avatars', 'events-images', 'restaurant-images', 'market-images', 'band-images'] as const;
export type UploadBucket = (typeof UPLOAD_BUCKETS)[number];
export const UPLOAD_MAX_BYTES = 30 * 1024 * 1024;

/** Not in the spec: keeps one chat message from filling every member's device. */
export const MESSAGE_MAX_LENGTH = 5000;
/** Set by the server on the sender's copy of a private message whose receiver's account is gone. */
export const UNDELIVERED_GONE = 'This member is no longer on Fete';
/** Set by the server on the sender's copy when the receiver holds as many messages from others as they may (ADR 052). */
export const UNDELIVERED_FULL = "This member's inbox is full, so they did not get this message. Try again later.";

/** Why a member reports a message (ADR 024) (the reports list shows it to admins). */
export const REPORT_REASONS = ['Spam', 'Harassment', 'Hate speech', 'Inappropriate content', 'Other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
/** The optional free text of a report. */
export const REPORT_DETAILS_MAX_LENGTH = 500;
/** Public Chat posts one member may make per minute (the server's CHAT_POSTS_PER_MINUTE default). */
export const CHAT_POSTS_PER_MINUTE = 20;
/** The gateway's refusal when a member posts faster than that. */
export function chatRateReason(limit: number, retryAfterSeconds: number): string {
  return `You're posting too fast: at most ${limit} messages a minute in Public Chat. Try again in ${retryAfterSeconds} s.`;
}

export const NOTIFICATION_LIST_LIMIT = 5;
export const HOME_FEATURED_LIMIT = 3;
export const CHAT_REFRESH_MS = 5000;
export const HERO_INTERVAL_MS = 5000;
export const MOBILE_BREAKPOINT_PX = 768;
export const MAP_DEFAULT_ZOOM = 13;
export const SUCCESS_BANNER_MS = 3000;

/** Defaults of the admin add forms. */
export const EVENT_DEFAULTS = {
  start_time: '18:00',
  end_time: '23:00',
  country: 'Trinidad',
  state: 'Port of Spain',
  category: 'Party',
  price: 0,
} as const;
export const RESTAURANT_DEFAULTS = {
  cuisine: 'Caribbean',
  price_range: '$$',
  opening_time: '11:00',
  closing_time: '22:00',
} as const;
export const PRODUCT_DEFAULT_CATEGORY = 'Accessories';

export interface ColourPreset {
  name: string;
  /** Stored in `bgcolor`: a gradient class pair. */
  bgcolor: string;
  /** Stored in `textcolor`: `text-black` or `text-white`. */
  textcolor: 'text-black' | 'text-white';
  /** CSS colours for the same preset, so a screen can render without a utility-class framework. */
  from: string;
  to: string;
  text: '#000000' | '#ffffff';
}

function preset(name: string, hue: string, from: string, to: string, dark = false): ColourPreset {
  return {
    name,
    bgcolor: `from-${hue}-500 to-${hue}-700`,
    textcolor: dark ? 'text-black' : 'text-white',
    from,
    to,
    text: dark ? '#000000' : '#ffffff',
  };
}

const P = {
  red: preset('Red', 'red', '#ef4444', '#b91c1c'),
  black: { ...preset('Black', 'neutral', '#262626', '#000000'), bgcolor: 'from-neutral-800 to-black' },
  purple: preset('Purple', 'purple', '#a855f7', '#7e22ce'),
  amber: preset('Amber', 'amber', '#f59e0b', '#b45309', true),
  blue: preset('Blue', 'blue', '#3b82f6', '#1d4ed8'),
  teal: preset('Teal', 'teal', '#14b8a6', '#0f766e'),
  green: preset('Green', 'green', '#22c55e', '#15803d'),
  pink: preset('Pink', 'pink', '#ec4899', '#be185d'),
  yellow: preset('Yellow', 'yellow', '#eab308', '#a16207', true),
  indigo: preset('Indigo', 'indigo', '#6366f1', '#4338ca'),
  gray: preset('Gray', 'gray', '#6b7280', '#374151'),
  orange: preset('Orange', 'orange', '#f97316', '#c2410c'),
  cyan: preset('Cyan', 'cyan', '#06b6d4', '#0e7490'),
} satisfies Record<string, ColourPreset>;

export const PACKAGE_COLOURS: readonly ColourPreset[] = [
  P.purple, P.amber, P.blue, P.red, P.teal, P.green, P.pink, P.yellow, P.indigo, P.gray, P.orange, P.cyan,
];
export const RIDE_COLOURS: readonly ColourPreset[] = [
  P.red, P.black, P.purple, P.blue, P.green, P.amber, P.pink, P.yellow, P.indigo, P.gray, P.orange, P.cyan,
];
/** A new ride package starts red with white text, order 0, active. */
export const RIDE_DEFAULTS = { bgcolor: P.red.bgcolor, textcolor: P.red.textcolor, order: 0, active: true } as const;
export const PACKAGE_DEFAULTS = { bgcolor: P.purple.bgcolor, textcolor: P.purple.textcolor, order: 0, active: true } as const;

/** Finds the preset of a stored `bgcolor`, for rendering; unknown values fall back to the first preset. */
export function colourPresetFor(bgcolor: string | null | undefined): ColourPreset {
  return [...PACKAGE_COLOURS, ...RIDE_COLOURS].find((p) => p.bgcolor === bgcolor) ?? P.purple;
}

/**
 * The validators' refusal of a tombstone for a document the database does not hold (ADR 014).
 * A device that made and removed a document offline pushes exactly that; it has nothing to
 * undo, so the data layer settles it quietly instead of showing a refusal. Must equal
 * NOTHING_TO_DELETE in design-docs/src/validate/helpers.js (a unit test holds them together).
 */
export const NOTHING_TO_DELETE_REASON = 'There is nothing to delete: this document is not stored here';
/**
 * A member's write that would bring a deleted catalogue id back (ADR 035, ADR 054): the gateway's
 * answer and the catalog validator's (validate/helpers.js DELETED_ID) are the same words.
 */
export const DELETED_ID_REASON = 'This id belonged to something that was deleted; only an admin may use it again';

/** SUPPORT_EMAIL when the server is not told otherwise; the app falls back to it before it has asked. */
export const DEFAULT_SUPPORT_EMAIL = 'support@fete.app';

/**
 * The element id of the JSON data block an item page carries for its first screen (ADR 059):
 * the server writes it (sync-server/src/share/first-docs.ts), the app reads it (web/src/data/first-docs.ts).
 */
export const FIRST_DOCS_ELEMENT_ID = 'fete-first-docs';

/**
 * The element id of the static preview a first visit paints before any script runs (ADR 060):
 * the server writes it (sync-server/src/share/first-screen-html.ts), the app takes it away once
 * its own screen has drawn (web/src/app/first-screen-handover.ts).
 */
export const FIRST_SCREEN_ELEMENT_ID = 'first-screen';

// The dashboard's rules and texts, kept apart from the
// screen so they can be tested without a browser.
import { SUBMISSION_STATUSES } from '../../../../design-docs/src/constants.ts';
import type { SubmissionStatus } from '../../../../design-docs/src/constants.ts';
import { membershipState, membershipWarning } from '../../../../design-docs/src/membership.ts';
import { formatLongDate } from '../../lib/dates.ts';
import { formatMoney } from '../../lib/money.ts';

export const SIGN_IN_TEXT = 'Please sign in to view your dashboard.';
export const NO_LIKES_TEXT = 'No liked items yet.';
export const NO_ATTENDING_TEXT = "You're not attending any events yet.";
export const NO_RECEIPTS_TEXT = 'No receipts found.';
export const NO_FORMS_TEXT = 'No form submissions yet.';
export const NOT_SET = 'Not Set';
export const PRODUCT_NAME = 'Fete ID';

export const DASHBOARD_TABS = [
  { id: 'liked', label: 'How Yuh Like It' },
  { id: 'attending', label: "Events I'm Attending" },
  { id: 'receipts', label: 'Receipts' },
  { id: 'forms', label: 'Forms Status' },
] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number]['id'];

function isTab(value: unknown): value is DashboardTab {
  return DASHBOARD_TABS.some((t) => t.id === value);
}

/**
 * The tab to show: `?tab=` in the URL, else the navigation state `activeTab` the profile menu
 * sends (spec: receipts or forms), else the liked tab.
 */
export function tabOf(param: string | null, state: unknown): DashboardTab {
  if (isTab(param)) return param;
  const fromState = typeof state === 'object' && state !== null ? (state as { activeTab?: unknown }).activeTab : undefined;
  return isTab(fromState) ? fromState : 'liked';
}

const STATUS_MESSAGES: Record<SubmissionStatus, string> = {
  completed: 'Your request has been completed. Thank you for your submission!',
  processed: "Your request is being processed. We'll update you soon.",
  pending: "Your request is pending review. We'll process it shortly.",
};

/** Any status other than the three is shown as pending on the dashboard. */
export function shownStatus(status: unknown): SubmissionStatus {
  return (SUBMISSION_STATUSES as readonly unknown[]).includes(status) ? (status as SubmissionStatus) : 'pending';
}

export function statusMessage(status: unknown): string {
  return STATUS_MESSAGES[shownStatus(status)];
}

export function statusLabel(status: unknown): string {
  const s = shownStatus(status);
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export const SUBMIT_AGAIN_TEXT = 'Submit Another Response';
export const VIEW_ALL_TEXT = 'View All Packages/Rides';

/** Where 'View All Packages/Rides' goes: the catalogue the submission's form belongs to. */
export function catalogueOf(formtype: string): string {
  return formtype === 'ride' ? '/fete-rides' : '/fete-packages';
}

/**
 * A submission the server refused (ADR 035: it did not fit its form, or the form or its package
 * had gone): it never reached the admins, and the member may fix and send it again.
 */
export const NOT_ACCEPTED_LABEL = 'Not accepted';
export const FIX_AND_RESEND_TEXT = 'Fix and resend';
export function notAcceptedMessage(reason: string): string {
  return `Not accepted: ${reason}`;
}

/** Deleting one: it never reached the admins, so it is the member's to clear away. */
export const DELETE_REFUSED_TEXT = 'Delete';
export const DELETE_REFUSED_TITLE = 'Delete this submission?';
export function deleteRefusedQuestion(formTitle: string): string {
  return `Your submission for ${formTitle} was not accepted and never reached the organisers. Delete it from Forms Status on all your devices?`;
}
export const DELETE_REFUSED_DONE = 'Submission deleted';
export const DELETE_REFUSED_FAILED = 'The submission could not be deleted. Please try again.';

/**
 * The answers to carry into the form's draft for a resend, as the form holds them while typing
 * (numbers as text); the Name entry is added again on sending.
 */
export function resendAnswers<T>(data: Record<string, T>): Record<string, T | string> {
  const out: Record<string, T | string> = {};
  for (const [label, v] of Object.entries(data)) if (label !== 'Name') out[label] = typeof v === 'number' ? String(v) : v;
  return out;
}

export function formPath(form: { formtype: string; targetid: string }): string {
  return `/form/${encodeURIComponent(form.formtype)}/${encodeURIComponent(form.targetid)}`;
}

export interface ReceiptForText {
  receipt_number: string;
  receipt_date: string;
  title: string;
  description?: string | null;
  status: string;
  payment_method: string;
  amount: number;
  amount_paid?: number | null;
  balance_owed: number;
}

/** The downloaded file's name: the receipt number, made safe for any file system. */
export function receiptFileName(receiptNumber: string): string {
  return `${receiptNumber.replace(/[^A-Za-z0-9._-]/g, '_')}.txt`;
}

/** The plain-text receipt a member downloads; it names the support address. */
export function receiptText(r: ReceiptForText, supportEmail: string): string {
  const paid = r.amount_paid ?? r.amount;
  const lines = [
    'Fete Receipt',
    '',
    `Receipt Number: ${r.receipt_number}`,
    `Date: ${formatLongDate(r.receipt_date)}`,
    `Status: ${r.status.charAt(0).toUpperCase()}${r.status.slice(1)}`,
    '',
    `Item: ${r.title}`,
    ...(r.description ? [`Description: ${r.description}`] : []),
    `Payment Method: ${r.payment_method}`,
    '',
    `Amount: ${formatMoney(r.amount)}`,
    `Amount Paid: ${formatMoney(paid)}`,
    `Balance Owed: ${formatMoney(r.balance_owed)}`,
    '',
    `Questions about this receipt? Contact us at ${supportEmail}.`,
    '',
  ];
  // CRLF: Notepad and every other reader show the lines.
  return lines.join('\r\n');
}

export type ExpiryView =
  | { kind: 'never'; text: string }
  | { kind: 'active'; text: string }
  | { kind: 'expiring'; text: string; warning: string; days: number }
  | { kind: 'expired'; text: string; warning: string };

/**
 * The card's expiry line. No expiry date, or an admin, never expires ('Expires: Never', the
 * spec's wording). Within 30 days the spec's sign-in warning is shown on the card as well.
 */
export function expiryView(profile: { membership_expires_at?: string | null; role?: string | null }, now: Date): ExpiryView {
  const at = profile.membership_expires_at ?? null;
  if (at === null || profile.role === 'admin' || Number.isNaN(Date.parse(at))) return { kind: 'never', text: 'Expires: Never' };
  const state = membershipState(at, now);
  const date = formatLongDate(at);
  if (state.state === 'expired') return { kind: 'expired', text: `Expired: ${date}`, warning: 'Your membership has expired.' };
  if (state.state === 'expiring') return { kind: 'expiring', text: `Expires: ${date}`, warning: membershipWarning(state.days), days: state.days };
  return { kind: 'active', text: `Expires: ${date}` };
}

/** Two letters for the card when there is no picture. */
export function initialsOf(p: { first_name?: string | null; last_name?: string | null }): string {
  const first = p.first_name?.trim().charAt(0) ?? '';
  const last = p.last_name?.trim().charAt(0) ?? '';
  return `${first}${last}`.toUpperCase() || '?';
}

export function orNotSet(value: string | null | undefined): string {
  return value?.trim() ? value.trim() : NOT_SET;
}

/** 'gold' → 'Gold Member'. */
export function membershipBadge(type: string | null | undefined): string {
  const t = type?.trim() || 'gold';
  return `${t.charAt(0).toUpperCase()}${t.slice(1)} Member`;
}

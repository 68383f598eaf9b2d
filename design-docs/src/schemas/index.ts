export {
  REQUIRED_FIELDS_MESSAGE, clockTime, dateOrDateTime, idPart, isSafeLink, isoDate, isoDateTime, link, optionalLink,
  requiredText,
} from './common.ts';
export * from './event.ts';
export * from './band.ts';
export * from './restaurant.ts';
export * from './provider.ts';
export * from './product.ts';
export * from './home.ts';
export * from './profile.ts';
export * from './territory.ts';
export * from './attendance.ts';
export * from './rating.ts';
export * from './package.ts';
export * from './form.ts';
export * from './form-answers.ts';
export * from './event-discount.ts';
export * from './message.ts';
export * from './like.ts';
export * from './settings.ts';
export * from './submission.ts';
export * from './receipt.ts';
export * from './notification.ts';
export * from './block.ts';
export * from './report.ts';
export * from './account.ts';
export * from './api.ts';
export * from './doc-schemas.ts';

// The dashboard's rules: the downloaded receipt's file
// name and text, the receipts "New" dot with its first-check rule, the form status texts
// (unknown shown as pending), the expiry line with its 30-day warning, and the selected tab.
import { describe, expect, it } from 'vitest';
import {
  FIX_AND_RESEND_TEXT,
  NOT_ACCEPTED_LABEL,
  catalogueOf,
  expiryView,
  formPath,
  initialsOf,
  membershipBadge,
  notAcceptedMessage,
  orNotSet,
  receiptFileName,
  receiptText,
  resendAnswers,
  shownStatus,
  statusLabel,
  statusMessage,
  tabOf,
} from '../../web/src/screens/dashboard/dashboard-logic.ts';
import { receiptCheck } from '../../web/src/data/repos/receipts.ts';

const receipt = {
  receipt_number: 'REC-48213',
  receipt_date: '2026-11-21',
  title: "J'ouvert Shuttle",
  description: 'Round trip, Carnival Monday.',
  status: 'pending',
  payment_method: 'PayPal',
  amount: 120,
  amount_paid: 60,
  balance_owed: 60,
};

describe('the receipt file', () => {
  it('is named by its receipt number', () => {
    expect(receiptFileName('REC-48213')).toBe('REC-48213.txt');
    // A number from older data can never reach outside the download folder.
    expect(receiptFileName('../REC 1')).toBe('.._REC_1.txt');
  });

  it('holds the receipt and the support contact address, one fact per line', () => {
    const text = receiptText(receipt, 'help@carnival.example');
    const lines = text.split('\r\n');
    expect(lines).toContain('Receipt Number: REC-48213');
    expect(lines).toContain('Date: November 21, 2026');
    expect(lines).toContain("Item: J'ouvert Shuttle");
    expect(lines).toContain('Description: Round trip, Carnival Monday.');
    expect(lines).toContain('Status: Pending');
    expect(lines).toContain('Payment Method: PayPal');
    expect(lines).toContain('Amount: $120.00');
    expect(lines).toContain('Amount Paid: $60.00');
    expect(lines).toContain('Balance Owed: $60.00');
    expect(lines).toContain('Questions about this receipt? Contact us at help@carnival.example.');
  });

  it('counts a receipt without amount_paid as paid in full, and leaves out an empty description', () => {
    const text = receiptText({ ...receipt, amount_paid: null, description: '', balance_owed: 0, status: 'paid' }, 'support@fete.app');
    expect(text).toContain('Amount Paid: $120.00');
    expect(text).not.toContain('Description:');
    expect(text).toContain('support@fete.app');
  });
});

describe('the receipts New dot', () => {
  it('on the first check ever only stores the time: no dot', () => {
    expect(receiptCheck('2026-11-21T11:00:00.000Z', null)).toBe('first-check');
    expect(receiptCheck(null, undefined)).toBe('first-check');
  });

  it('shows when the newest receipt arrived after the last check', () => {
    expect(receiptCheck('2026-11-21T11:00:00.001Z', '2026-11-21T11:00:00.000Z')).toBe('new');
  });

  it('does not show for a receipt from before or at the last check, or with no receipts', () => {
    expect(receiptCheck('2026-11-21T11:00:00.000Z', '2026-11-21T11:00:00.000Z')).toBe('seen');
    expect(receiptCheck('2026-11-01T00:00:00.000Z', '2026-11-21T11:00:00.000Z')).toBe('seen');
    expect(receiptCheck(null, '2026-11-21T11:00:00.000Z')).toBe('seen');
  });
});

describe('form status texts', () => {
  it('are the spec\'s for the three statuses', () => {
    expect(statusMessage('completed')).toBe('Your request has been completed. Thank you for your submission!');
    expect(statusMessage('processed')).toBe("Your request is being processed. We'll update you soon.");
    expect(statusMessage('pending')).toBe("Your request is pending review. We'll process it shortly.");
    expect(statusLabel('processed')).toBe('Processed');
  });

  it('show any other value as pending', () => {
    for (const odd of ['rejected', '', null, undefined, 42, 'Completed']) {
      expect(shownStatus(odd)).toBe('pending');
      expect(statusMessage(odd)).toBe("Your request is pending review. We'll process it shortly.");
      expect(statusLabel(odd)).toBe('Pending');
    }
  });

  it('link again to the form and to its catalogue', () => {
    expect(formPath({ formtype: 'ride', targetid: 'r 1' })).toBe('/form/ride/r%201');
    expect(catalogueOf('ride')).toBe('/fete-rides');
    expect(catalogueOf('package')).toBe('/fete-packages');
  });
});

describe('the expiry line', () => {
  const now = new Date('2026-11-25T12:00:00.000Z');

  it('says Never for no expiry date and for admins', () => {
    expect(expiryView({ membership_expires_at: null }, now)).toEqual({ kind: 'never', text: 'Expires: Never' });
    expect(expiryView({ membership_expires_at: '2026-12-01T00:00:00.000Z', role: 'admin' }, now).text).toBe('Expires: Never');
  });

  it('shows the date, with no warning, more than 30 days ahead', () => {
    const v = expiryView({ membership_expires_at: '2027-11-25T12:00:00.000Z' }, now);
    expect(v).toEqual({ kind: 'active', text: 'Expires: November 25, 2027' });
  });

  it('warns within 30 days, with the spec\'s words', () => {
    const v = expiryView({ membership_expires_at: '2026-12-25T12:00:00.000Z' }, now);
    expect(v).toMatchObject({ kind: 'expiring', days: 30, warning: 'Your membership will expire in 30 days.' });
    const soon = expiryView({ membership_expires_at: '2026-11-26T00:00:00.000Z' }, now);
    expect(soon).toMatchObject({ kind: 'expiring', days: 1 });
    expect(expiryView({ membership_expires_at: '2026-12-25T12:00:00.001Z' }, now).kind).toBe('active');
  });

  it('says expired once the date has passed', () => {
    expect(expiryView({ membership_expires_at: '2026-11-25T11:59:59.000Z' }, now)).toMatchObject({ kind: 'expired', warning: 'Your membership has expired.' });
  });
});

describe('the card and the tabs', () => {
  it('fills blank places with Not Set and makes initials', () => {
    expect(orNotSet('')).toBe('Not Set');
    expect(orNotSet('  ')).toBe('Not Set');
    expect(orNotSet(null)).toBe('Not Set');
    expect(orNotSet(' Port of Spain ')).toBe('Port of Spain');
    expect(initialsOf({ first_name: 'aaliyah', last_name: 'Charles' })).toBe('AC');
    expect(initialsOf({ first_name: '', last_name: '' })).toBe('?');
    expect(membershipBadge('gold')).toBe('Gold Member');
  });

  it('takes the tab from the URL, then the profile menu\'s activeTab, else the liked tab', () => {
    expect(tabOf('forms', { activeTab: 'receipts' })).toBe('forms');
    expect(tabOf(null, { activeTab: 'receipts' })).toBe('receipts');
    expect(tabOf('nonsense', null)).toBe('liked');
    expect(tabOf(null, { activeTab: 'elsewhere' })).toBe('liked');
  });
});

describe('a submission the server did not accept', () => {
  it('says why, and resends the answers as the form holds them (numbers as typed), without the Name entry the app adds again', () => {
    expect(notAcceptedMessage('This form is currently unavailable')).toBe('Not accepted: This form is currently unavailable');
    expect(NOT_ACCEPTED_LABEL).toBe('Not accepted');
    expect(FIX_AND_RESEND_TEXT).toBe('Fix and resend');
    expect(resendAnswers({ Name: 'Maya Lee', Seats: 2, Extras: ['Flags'], Terms: true })).toEqual({ Seats: '2', Extras: ['Flags'], Terms: true });
  });
});

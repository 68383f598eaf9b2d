// The Home Page admin's pure rules: an ad's dates (the end not before the start), links that
// must be http(s), the order typed as a number, a new item's order, the slide, ad and partner
// checks, and the featured rows' reordering (a move, and the order values saved).
import { describe, expect, it } from 'vitest';
import { renumbered } from '../../web/src/data/repos/admin-featured.ts';
import { AD_DATES_MESSAGE, adDatesProblem, adDraftOf, checkAdDraft, compareAds, newAdDraft } from '../../web/src/screens/admin/home/ad-logic.ts';
import type { AdminAd } from '../../web/src/screens/admin/home/ad-logic.ts';
import { moveDownLabel, moveItem, moveUpLabel } from '../../web/src/screens/admin/home/featured-order-logic.ts';
import { LINK_MESSAGE, ORDER_MESSAGE, isWebLink, nextOrder, parseOrder } from '../../web/src/screens/admin/home/home-admin-common.ts';
import { SLIDE_IMAGE_MESSAGE, checkHeroSlideDraft, newHeroSlideDraft } from '../../web/src/screens/admin/home/hero-slide-logic.ts';
import { checkPartnerDraft, newPartnerDraft } from '../../web/src/screens/admin/home/partner-logic.ts';

describe('ad dates', () => {
  it('refuse an end date before the start date', () => {
    expect(adDatesProblem('2031-05-10', '2031-05-09')).toBe(AD_DATES_MESSAGE);
    expect(AD_DATES_MESSAGE).toBe('The end date cannot be before the start date');
  });

  it('take an end on the start day, a later end, no end and no start', () => {
    expect(adDatesProblem('2031-05-10', '2031-05-10')).toBeNull();
    expect(adDatesProblem('2031-05-10', '2031-06-01')).toBeNull();
    expect(adDatesProblem('2031-05-10', '')).toBeNull();
    expect(adDatesProblem('', '2031-05-01')).toBeNull();
  });

  it('stop the ad form at the end date, keeping the rest', () => {
    const draft = { ...newAdDraft(2, '2031-05-10'), title: 'Soca Nights', end_date: '2031-05-01' };
    expect(checkAdDraft(draft)).toEqual({ ok: false, message: AD_DATES_MESSAGE, fields: { end_date: AD_DATES_MESSAGE }, first: 'end_date' });
    expect(draft.title).toBe('Soca Nights');
  });

  it('store the dates of a valid ad, a blank end as none', () => {
    const checked = checkAdDraft({ ...newAdDraft(2, '2031-05-10'), title: ' Soca Nights ', link_url: 'https://example.com/soca' });
    expect(checked).toEqual({ ok: true, data: { position: 'home_top', title: 'Soca Nights', description: null, image_url: null, link_url: 'https://example.com/soca', start_date: '2031-05-10', end_date: null, order: 2, active: true } });
  });

  it('give a stored date-time to the date input as its date', () => {
    const ad = { _id: 'ad:a', id: 'a', type: 'ad', position: 'home_middle', start_date: '2031-05-10T00:00:00Z', end_date: '', order: 1, active: true } as AdminAd;
    expect(adDraftOf(ad)).toMatchObject({ start_date: '2031-05-10', end_date: '', order: '1' });
  });

  it('list ads by position on the page, then by order', () => {
    const ad = (position: string, order: number) => ({ _id: `ad:${position}${order}`, id: `${position}${order}`, type: 'ad', position, order, active: true }) as AdminAd;
    const sorted = [ad('home_bottom', 0), ad('home_top', 3), ad('home_top', 1), ad('home_middle', 0)].sort(compareAds);
    expect(sorted.map((a) => a.id)).toEqual(['home_top1', 'home_top3', 'home_middle0', 'home_bottom0']);
  });
});

describe('links and orders', () => {
  it('take only absolute http(s) links, or none', () => {
    expect(isWebLink('')).toBe(true);
    expect(isWebLink('https://fete.example/partners')).toBe(true);
    expect(isWebLink('HTTP://fete.example')).toBe(true);
    expect(isWebLink('javascript:alert(1)')).toBe(false);
    expect(isWebLink('ftp://fete.example')).toBe(false);
    expect(isWebLink('/fete-guide')).toBe(false);
    expect(isWebLink('https://')).toBe(false);
  });

  it('refuse a partner or an ad whose link is not http(s)', () => {
    expect(checkPartnerDraft({ ...newPartnerDraft(0), name: 'Carib', website_url: 'javascript:alert(1)' })).toMatchObject({ ok: false, message: LINK_MESSAGE, first: 'website_url' });
    expect(checkAdDraft({ ...newAdDraft(0, '2031-01-01'), link_url: 'data:text/html,x' })).toMatchObject({ ok: false, message: LINK_MESSAGE, first: 'link_url' });
  });

  it('read the order as a whole number, blank as 0', () => {
    expect(parseOrder(' 4 ')).toBe(4);
    expect(parseOrder('')).toBe(0);
    expect(parseOrder('1.5')).toBe('1.5');
    expect(checkPartnerDraft({ ...newPartnerDraft(0), name: 'Carib', order: 'first' })).toMatchObject({ ok: false, message: ORDER_MESSAGE, first: 'order' });
  });

  it('put a new item after the last', () => {
    expect(nextOrder([])).toBe(0);
    expect(nextOrder([{ order: 3 }, { order: 7 }, { order: null }])).toBe(8);
  });
});

describe('hero slides and partners', () => {
  it('need a desktop image for a slide; the mobile one is optional', () => {
    expect(checkHeroSlideDraft(newHeroSlideDraft(0))).toMatchObject({ ok: false, message: SLIDE_IMAGE_MESSAGE, first: 'image_url' });
    expect(checkHeroSlideDraft({ ...newHeroSlideDraft(5), image_url: 'hero.webp', title: 'Carnival' })).toEqual({ ok: true, data: { title: 'Carnival', subtitle: null, image_url: 'hero.webp', mobile_image_url: null, order: 5, active: true } });
  });

  it('need a partner name', () => {
    expect(checkPartnerDraft(newPartnerDraft(0))).toMatchObject({ ok: false, message: 'Please fill in all required fields', first: 'name' });
    expect(checkPartnerDraft({ ...newPartnerDraft(1), name: ' Carib ', logo_url: 'logo.png' })).toEqual({ ok: true, data: { name: 'Carib', logo_url: 'logo.png', website_url: null, order: 1, active: true } });
  });
});

describe('featured reordering', () => {
  it('moves an entry up, down, to another place, and not past the ends', () => {
    expect(moveItem(['a', 'b', 'c'], 1, 0)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 1, 2)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 3)).toEqual(['a', 'b', 'c']);
  });

  it('names the buttons after the item', () => {
    expect(moveUpLabel('Soca Bikini')).toBe('Move Soca Bikini up');
    expect(moveDownLabel('Soca Bikini')).toBe('Move Soca Bikini down');
  });

  it('saves orders 0, 1, 2… for the new sequence, writing only the entries that move', () => {
    const entries = [
      { _id: 'featured:marqet:a', item_id: 'a', order: 0 },
      { _id: 'featured:marqet:b', item_id: 'b', order: 1 },
      { _id: 'featured:marqet:c', item_id: 'c', order: 2 },
    ];
    expect(renumbered(entries, ['b', 'a', 'c'])).toEqual([
      { _id: 'featured:marqet:b', item_id: 'b', order: 0 },
      { _id: 'featured:marqet:a', item_id: 'a', order: 1 },
    ]);
    expect(renumbered(entries, ['a', 'b', 'c'])).toEqual([]);
  });

  it('closes gaps left by unfeatured items and ignores unknown ids', () => {
    const entries = [
      { item_id: 'a', order: 3 },
      { item_id: 'b', order: 7 },
    ];
    expect(renumbered(entries, ['b', 'x', 'a'])).toEqual([
      { item_id: 'b', order: 0 },
      { item_id: 'a', order: 2 },
    ]);
  });
});

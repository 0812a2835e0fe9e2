// The "Verified" panel: what this browser checked of what the server sent (view hashes,
// commitments and their openings, the seed against its published hash, the deal re-derived
// from the seed), in the page's language.
import { h } from './dom.js';
import { t } from './i18n.js';
import { sha256Source } from './sha256.js';

export function trustPanel(tracker, deal) {
  const st = tracker.stats;
  const item = (ok, title, text, key) => h('li', { class: ok === true ? 'ok' : ok === false ? 'bad' : 'pending', 'data-check': key },
    h('span', { class: 'mark', 'aria-hidden': 'true' }, ok === true ? '✓' : ok === false ? '✗' : '…'),
    h('strong', {}, title), ' ', text);
  const dealText = !tracker.seed ? t('trust_deal_pending') : deal ? (deal.ok === null ? t('trust_deal_unknown')
    : deal.ok ? t('trust_deal_ok') : t('trust_deal_bad')) : t('trust_deal_pending');
  const items = [
    item(st.updates + st.snapshots > 0 ? true : null, t('trust_hashes'), t('trust_hashes_ok', { updates: t('count_updates', { n: st.updates }), snapshots: t('count_snapshots', { n: st.snapshots }) }), 'hashes'),
    st.mismatches > 0 && item(false, '', t('trust_mismatch', { n: st.mismatches }), 'mismatches'),
    item(st.badOpenings ? false : (tracker.commitments.size ? true : null), t('trust_commitments'),
      t('trust_commitments_ok', { sealed: t('count_sealed', { n: tracker.commitments.size }), openings: t('count_openings', { n: st.openings }) }), 'commitments'),
    st.badOpenings > 0 && item(false, '', t('trust_bad_openings', { n: st.badOpenings }), 'bad-openings'),
    item(tracker.seedOk, t('trust_seed'), tracker.seedOk === null ? t('trust_seed_pending', { h: (tracker.seedHash || '').slice(0, 12) })
      : tracker.seedOk ? t('trust_seed_ok') : t('trust_seed_bad'), 'seed'),
    item(deal ? deal.ok : null, t('trust_deal'), dealText, 'deal'),
  ];
  const details = deal && deal.checks.length ? h('ul', { class: 'deal-checks' }, deal.checks.map((c) =>
    h('li', { class: c.ok ? 'ok' : 'bad' }, c.ok ? '✓ ' : '✗ ', c.label))) : null;
  return [h('h2', { id: 'trust-h' }, t('trust')),
    h('p', { class: 'muted' }, t('trust_intro')),
    h('ul', { class: 'trust-list' }, items),
    details,
    tracker.seed && h('p', { class: 'seed muted' }, t('seed_label'), ': ', h('code', {}, tracker.seed)),
    h('p', { class: 'muted small' }, t('trust_sha', { src: t(`trust_sha_${sha256Source}`) }))];
}

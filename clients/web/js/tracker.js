// The client side of views, hashes and commitments (a port of protocol/view_tracker.cc):
// keeps this connection's copy of its view from snapshots and patches, checks every hash,
// every commitment opening and the revealed seed, and counts what it verified for the trust
// panel. Messages must be fed in the order they arrived (the session queues them).
import { viewHash, checkCommitment } from './canonical.js';
import { applyPatch } from './patch.js';
import { sha256Hex, fromHex } from './sha256.js';

export class Tracker {
  constructor() {
    this.hasView = false;
    this.view = null;
    this.version = -1;
    this.gameNo = 0;
    this.legal = [];
    this.toAct = [];
    this.commitments = new Map();  // slot -> commitment (kept for the whole room: slots are unique)
    this.opened = new Map();       // slot -> value
    this.seedHash = null;
    this.seed = null;
    this.seedOk = null;            // null: not revealed yet
    this.record = null;
    this.stats = { snapshots: 0, updates: 0, mismatches: 0, openings: 0, badOpenings: 0 };
    this.problems = [];            // human-readable, newest last
  }

  newGame(gameNo) {
    this.gameNo = gameNo;
    this.seed = null;
    this.seedOk = null;
    this.seedHash = null;
    this.record = null;
  }

  fail(problem) {
    this.problems.push(problem);
    if (this.problems.length > 20) this.problems.shift();
    return { ok: false, problem };
  }

  async absorbCommon(msg) {
    if (Array.isArray(msg.legal)) this.legal = msg.legal;
    if (Array.isArray(msg.to_act)) this.toAct = msg.to_act;
    if (typeof msg.seed_hash === 'string') this.seedHash = msg.seed_hash;
    for (const c of Array.isArray(msg.commitments) ? msg.commitments : []) {
      const known = this.commitments.get(c.slot);
      // A commitment never changes once given: a changed one would let the server swap cards.
      if (known !== undefined && known !== c.commitment) return this.fail({ key: 'commitment_changed', slot: c.slot });
      this.commitments.set(c.slot, c.commitment);
    }
    for (const o of Array.isArray(msg.openings) ? msg.openings : []) {
      const c = this.commitments.get(o.slot);
      if (c === undefined) {
        this.stats.badOpenings++;
        return this.fail({ key: 'opening_without_commitment', slot: o.slot });
      }
      if (!('value' in o) || !(await checkCommitment(c, o.slot, o.value, o.nonce))) {
        this.stats.badOpenings++;
        return this.fail({ key: 'opening_mismatch', slot: o.slot });
      }
      if (!this.opened.has(o.slot)) this.stats.openings++;
      this.opened.set(o.slot, o.value);
    }
    if (typeof msg.seed === 'string' && this.seed !== msg.seed) {
      const bytes = fromHex(msg.seed);
      this.seed = msg.seed;
      this.seedOk = !!(bytes && bytes.length === 32 && this.seedHash && (await sha256Hex(bytes)) === this.seedHash);
      if (!this.seedOk) return this.fail({ key: 'seed_mismatch' });
    }
    if (msg.record && typeof msg.record === 'object') this.record = msg.record;
    return { ok: true };
  }

  async onSnapshot(msg) {
    if (msg.game_no !== this.gameNo) this.newGame(msg.game_no);
    this.view = msg.view;
    this.version = msg.version;
    this.hasView = true;
    if ((await viewHash(this.view)) !== msg.hash) {
      this.stats.mismatches++;
      return this.fail({ key: 'snapshot_mismatch', version: msg.version });
    }
    this.stats.snapshots++;
    return this.absorbCommon(msg);
  }

  async onUpdate(msg) {
    if (!this.hasView) return this.fail({ key: 'update_before_snapshot' });
    if (msg.game_no !== this.gameNo) return this.fail({ key: 'other_game' });
    if (msg.version !== this.version + 1) return this.fail({ key: 'version_gap', version: this.version });
    const common = await this.absorbCommon(msg);
    let next;
    try {
      next = applyPatch(this.view, msg.patch);
    } catch (e) {
      this.stats.mismatches++;
      return this.fail({ key: 'patch_failed', version: msg.version });
    }
    this.view = next;
    this.version = msg.version;
    if ((await viewHash(this.view)) !== msg.hash) {
      this.stats.mismatches++;
      return this.fail({ key: 'hash_mismatch', version: msg.version });
    }
    this.stats.updates++;
    return common;
  }
}

// How to play Kushine-go Departs, from the rules reference (rules/kushine.md) and the
// designer's draft: the goal, a turn, the cards and officers, the end.
export default {
  ja: {
    goal: '協力ゲームです。船の士官になって、港でのんびりしているにゃんこ(乗客・護衛・水夫・コック 各5匹)を船着き場に集めます。4種類すべてが乗船すれば出港成功、全員の勝ちです。',
    turn: [
      '船長から時計回り。手番では2アクション(能力を使ったあとは1アクション)を必ず行います。同じアクションを2回でもかまいません。',
      '山から引く: 好きな山の一番上を1枚手札に(手札は3枚まで)。戻す: 手札1枚を好きな山の一番下へ伏せて戻す。',
      '置く: 手札のにゃんこを1匹船着き場へ。同じ種類が5匹そろうと乗船し、そのたびに山を1つ別の山に重ねてもかまいません。',
      '受け取る: 右隣(前の手番の人)からカードを1枚もらう。渡すカードは右隣の人が選びます。',
      'ネズミ退治: ネズミ3匹を捨て、山を1つ別の山に重ねます。',
      '話せるのは手札の「にゃんこ何匹・ネズミ何匹」だけ。種類は言えません(ここでは決まった言い方の「話す」で伝えます)。',
    ],
    partsTitle: 'カードと士官',
    parts: [
      'タヌキ: 引くと、すべての山の一番上が集まって新しい山になります。マタタビ: 引いた山が切り混ぜられます。どちらも手札には入りません。',
      '船長: タヌキを1回打ち消せる。船医: マタタビを1回打ち消せる。副長: 山の一番上をこっそり見て、手札に入れるか一番下へ。水夫長: にゃんこ2匹を1アクションで置ける。',
      '能力はそれぞれ1ゲーム1回。使った士官は次の手番から1アクションになります。',
    ],
    end: [
      'どれか1つの山が0枚になるか、山が6つになったら、その場で失敗。',
      '4種類すべてが乗船したら終了。イージーはそれで成功、ノーマルは山が1つだけ残っていること、ハードはさらに能力を使ったのが1人以下であること。',
      '手番の上限を過ぎても失敗です。',
    ],
  },
  en: {
    goal: "A co-operative game: you are the ship's officers, gathering the nyanko (5 each of passengers, guards, sailors and cooks) who laze around the port. When all four kinds have boarded, the ship sets sail and everyone wins.",
    turn: [
      'Turns go clockwise from the Captain. On your turn you take exactly two actions (one, once your officer has used their ability); the same action twice is fine.',
      'Draw: the top card of any pile into your hand (three cards at most). Return: a hand card face down under any pile.',
      'Place: a nyanko from your hand on the pier. Five of a kind board the ship, and each time you may put one pile onto another.',
      'Receive: a card from your right-hand neighbour (who played before you); they choose which.',
      'Exterminate: discard three mice, then put one pile onto another.',
      'About your hand you may only say how many nyanko and how many mice you hold, never which kinds (here through the fixed phrases of "Talk").',
    ],
    partsTitle: 'The cards and officers',
    parts: [
      'Tanuki: when drawn, the top card of every pile forms a new pile. Matatabi: when drawn, that pile is shuffled. Neither goes into a hand.',
      "Captain: cancel one Tanuki. Ship's Doctor: cancel one Matatabi. First Mate: peek at the top of a pile, then take it or put it at the bottom. Boatswain: place two nyanko in one action.",
      'Each ability works once a game; an officer who used theirs has one action a turn from then on.',
    ],
    end: [
      'The moment any pile is empty, or there are six piles, the crew loses.',
      'The game ends when the fourth kind boards: Easy is won then; Normal also needs a single pile left; Hard also needs at most one officer to have used an ability.',
      'Reaching the turn limit loses too.',
    ],
  },
};

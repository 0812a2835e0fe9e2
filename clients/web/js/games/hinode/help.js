// How to play Hinode Yokocho Nyan Number One!, from the rules reference (rules/hinode.md)
// and the designer's draft 5: the goal, a turn, the cards and skills, the end.
export default {
  ja: {
    goal: '種族を率いて、エリアマップの磐座(いわくら)を奪い合うトリックテイキングです。3ラウンド(各6トリック)で、いちばん得点(VP)の多い人の勝ち。',
    turn: [
      '毎ラウンド、エリアカード(赤・緑・青、1〜11)を8枚ずつ配ります。',
      '親が好きなエリアカードを1枚出し、その色がリードになります。ほかの人は時計回りに、リードの色を持っていれば必ずその色を出します(マストフォロー)。',
      'リードの色がない人は好きなカードか、まだ使っていない英雄(12)を出せます。',
      'リードの色で強い2枚(英雄がいちばん強い)が戦います。ほかの人は数字の小さい順に、どちらかを支援するか、リードの色のエリアの空いた場所にマーカーを置きます(違う色を出した人は占領だけ)。',
      '強い側の戦士は強さの差の得点、その側の支援者は自分のカードの数字の得点をもらいます。いちばん強いカードを出した人が次の親です。',
    ],
    partsTitle: 'カードとスキル',
    parts: [
      'エリアカード: 3色 × 1〜11(3人なら10と11を抜きます)。英雄カード: 12、1ゲーム1回、親としては出せません。',
      'スキル: リードの色のエリアにある自分のマーカーの数で決まります。1個以上: トリックごとに+1点。2個以上: 出すカードの数字+1。3個以上: 出したカードを手札に戻す(1ラウンド1回)。',
      'ラウンドの終わりに、手札から1枚だけ次のラウンドに持ち越せます。各エリアはラウンドの番号までの場所のマーカーだけが残ります。',
    ],
    end: [
      '3ラウンド目の終わりに、各エリアでマーカーがいちばん多い人が3点(同数なら大きい番号の場所にいる人)。',
      '自分のマーカーがあるエリアがつながっている最大のかたまり(2エリア以上)について、エリア数 × 2点。',
      '得点がいちばん多い人の勝ち。同点ならマップ上のマーカーが多い人、それも同じなら引き分けです。',
    ],
  },
  en: {
    goal: 'A trick-taking game of tribes fighting over the sacred sites (iwakura) of an area map. After three rounds of six tricks, the most victory points (VP) win.',
    turn: [
      'Each round everyone is dealt eight area cards (red, green, blue; 1 to 11).',
      'The leader plays any area card; its suit is the lead. The others play clockwise and must follow the lead suit if they can.',
      'A player without the lead suit plays any card, or their unused hero (12).',
      'The two strongest lead-suit cards (a hero is strongest) fight a battle. The others, lowest card first, support one fighter or put a marker on a free site of a lead-suit area (an off-suit player may only occupy).',
      'The stronger fighter scores the difference in strength, and each of its supporters scores their own card. The strongest card leads the next trick.',
    ],
    partsTitle: 'The cards and skills',
    parts: [
      'Area cards: three suits of 1–11 (with three players the 10s and 11s are out). Hero cards: 12, once a game, never as the lead.',
      'Skills come from your markers on areas of the lead suit: 1 or more score +1 VP a trick; 2 or more let a card count one higher; 3 or more let a played card come back to your hand (once a round).',
      'At the end of a round each player may keep one card for the next; each area keeps only the markers on its first sites (as many as the round number).',
    ],
    end: [
      'After round three, whoever has most markers in an area scores 3 (on a tie, the one on the highest site).',
      'Each player scores 2 VP per area in their largest connected group of areas holding their markers (two areas or more).',
      'Most VP wins; a tie goes to more markers on the map, and then it is a draw.',
    ],
  },
};

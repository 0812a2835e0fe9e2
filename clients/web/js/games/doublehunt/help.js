// How to play Double Hunt, from the rules reference (rules/doublehunt.md) and hinata's
// rulebook: the goal, a turn, the roles, the end.
export default {
  ja: {
    goal: '2人1組の2チーム戦。7×7に伏せて並べたトランプをコマで取りに行き、相方と2人の手札の合計が先に70点以上になったチームの勝ちです。',
    turn: [
      '始める前に、先攻チームの1人 → 後攻チームの2人 → 先攻チームの残り1人 の順で役割を1つずつ選びます。',
      '手番ではサイコロを振り、出た目ちょうどの歩数で上下左右に動きます。同じマスには戻れず、カードのない空白マスは2歩分です。',
      '行き先が気に入らなければ、手札を1枚捨てるごとに1歩増やせます。',
      '止まったマスのカードを手札に加えます。手札は相方にはいつでも見えます。',
      '役割の能力は、それぞれ決まったタイミングで使えます(使わなくてもかまいません)。',
    ],
    partsTitle: '点数と役割',
    parts: [
      'A〜10はその数字が点数。J・Q・Kは単体では0点ですが、同じマークの3枚がチームでそろうと30点。',
      'パイロット: 手札1枚を捨てて好きなマスへ飛ぶ。オブザーバー: 手札1枚を捨てて伏せたカード3枚を見る。バンデット: 手札1枚を捨てて隣の相手の手札を1枚捨てさせる。',
      'リッチマン: 余った3枚を最初から持ち、相方に手札を渡せる。サイエンティスト: 1ゲーム1回、捨て札から3枚取る。',
      'アドバイザー: 相方が空白マスに止まったらもう一度動かせる、相方と手札を交換できる。ネクロマンサー: 捨て札から1枚を隣の空白マスに伏せて置く。',
    ],
    end: [
      'どちらかのチームが70点(設定した目標点)以上になった瞬間にそのチームの勝ち。',
      'フィールドのカードがなくなるか手番数の上限に達したら、点数の高いチームの勝ち(同点は引き分け)。',
      '相手チームの点数は最後まで見えません。',
    ],
  },
  en: {
    goal: 'Two teams of two. Cards lie face down on a 7×7 field; move your piece to collect them. The first team whose two hands together are worth 70 points or more wins.',
    turn: [
      'Before play, roles are drafted: one player of the first team, both players of the second, then the last player of the first.',
      'On your turn you roll the die and move exactly that many steps up, down, left or right, never entering a square twice; an empty square costs two steps.',
      'If you do not like where you can go, each hand card you discard adds one step.',
      'You take the card of the square where you stop. Your hand is always open to your partner.',
      'Roles\' abilities are used at their own moments of the turn (and never have to be).',
    ],
    partsTitle: 'Points and roles',
    parts: [
      'A–10 score their number. J, Q and K score nothing alone, but a team holding the J, Q and K of one suit scores 30 for it.',
      'Pilot: discard a card to fly to any square. Observer: discard a card to look at three face-down cards. Bandit: discard a card to make an adjacent opponent discard one at random.',
      'Richman: starts with the three leftover cards and may give cards to the partner. Scientist: once a game, take three cards from the discards.',
      'Advisor: lets the partner move again after stopping on an empty square, and swaps cards with the partner. Necromancer: puts a discard face down on an adjacent empty square.',
    ],
    end: [
      'The moment a team reaches 70 points (the room\'s target), it wins.',
      'When the field has no cards left, or the turn limit is reached, the higher score wins (equal scores: a draw).',
      'You never see the other team\'s score before the end.',
    ],
  },
};

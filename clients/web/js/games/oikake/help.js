// How to play Oikake Nyanzu, from the rules reference (rules/oikake.md) and the designer's
// own rules: the goal, a turn, the cards, the end.
export default {
  ja: {
    goal: '2匹のねこが円いトラックを時計回りに追いかけっこします。相手のねこに追いつくか、「みつけるにゃ」を3枚集めると勝ち。「あぶにゃーい」を3枚集めると負けです。',
    turn: [
      '手番のプレイヤー(出し手)は、手札から2枚を出します。1枚は表向き、1枚は裏向き。種類の違う2枚を出します(手札が1種類だけのときは同じ種類を2枚)。',
      'ノーマルモードでは、出す前に手札を1枚、山札の一番上と交換できます(1ゲームに4回まで)。',
      'もう1人(選び手)が表か裏のどちらかを取り、残りを出し手が取ります。取ったカードは自分の前に表向きで置きます。',
      '2人とも、取ったカードの数字だけねこを動かします。+は時計回り、−は逆回り。出し手は手札が元の枚数になるまで山札から引きます。',
      '次の手番は、選び手と出し手が入れ替わります。',
    ],
    partsTitle: 'カード',
    parts: [
      '各カードには数字が3つあり、同じ種類のカードを何枚目に取ったかで進む数が変わります(1枚目・2枚目・3枚目以降)。',
      'みつけるにゃ: 0 / 0 / WIN(3枚目で勝ち)。あぶにゃーい: +2 / +3 / LOSE(3枚目で負け)。',
      'なまけるにゃ: −1 / −1 / −2。あゆむにゃ: +1 / +2 / +3。どんでんにゃ: −1 / +6 / −1。みはりねこ: 0 / +2 / +6。',
      'でかにゃんこ: +4(1枚だけ)。すぱいねこ: −3(1枚だけ)。ミニマムサドンデスでは、みつける・あぶにゃーい・なまける・あゆむの4種類16枚だけを使います。',
    ],
    end: [
      '追いつく: 2匹が同じマスに止まるか、自分の動きが相手の動きより「追いつくまでのマス数」以上多ければ追いついたことになります。',
      '勝ち負けは2人とも動いたあとに判定します。2人とも条件を満たしたら、その手番の出し手の勝ち。',
      '山札がなくなり、次の出し手の手札が2枚未満なら終了。追いつくまでのマス数が少ないほうの勝ち(同じなら次の出し手の勝ち)。',
    ],
  },
  en: {
    goal: "Two cats chase each other clockwise round a circular track. Catch the other cat, or hold three Finds, and you win; hold three Dangers and you lose.",
    turn: [
      'The player whose turn it is (the presenter) puts out two cards from their hand: one face up, one face down, of two different kinds (two of the same kind only when the whole hand is one kind).',
      'In normal mode the presenter may first exchange hand cards for the top card of the deck (four times a game at most).',
      'The other player (the chooser) takes the face-up or the face-down card; the presenter takes the other. Each puts the card taken face up in front of them.',
      "Both cats move by the number on the card their player just took: + clockwise, − back. The presenter draws back up to a full hand.",
      'Then the roles swap: the chooser presents next.',
    ],
    partsTitle: 'The cards',
    parts: [
      'Each card has three numbers: what it moves you as your 1st, 2nd, and 3rd or later card of that kind.',
      'Find: 0 / 0 / WIN (a third one wins). Danger: +2 / +3 / LOSE (a third one loses).',
      'Lazy: −1 / −1 / −2. Walk: +1 / +2 / +3. Twist: −1 / +6 / −1. Watch: 0 / +2 / +6.',
      'Big Cat: +4 (one copy). Spy Cat: −3 (one copy). Minimum Sudden Death uses only Find, Danger, Lazy and Walk, 16 cards.',
    ],
    end: [
      'A catch: both cats stop on one space, or your move beats the other cat\'s move by at least the spaces you still had to catch up.',
      'Wins and losses are judged after both cats moved; when both players meet a condition, the presenter of that turn wins.',
      'When the deck is empty and the next presenter holds fewer than two cards, the cat closer to catching the other wins (on a tie, the next presenter).',
    ],
  },
};

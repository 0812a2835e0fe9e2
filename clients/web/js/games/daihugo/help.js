// How to play Nyanya Dai Hugo, from the rules reference (rules/daihugo.md) and the designer's
// page: the goal, a turn, the cards, the end.
export default {
  ja: {
    goal: '手札を最初になくした人がラウンドの勝者です。残った手札の●(失点)に応じてほかの人はしっぽが生え、しっぽが5本になった人の負け。1人ならソロチャレンジ: 8枚の手札を6手以内に出し切れるか。',
    turn: [
      'ラウンドの始めに全員が同時に1枚ずつ選んで見せ、数字がいちばん小さい人(同じなら●が少ない人)が親になり、そのカードで始めます。',
      '親はシングル(1枚)・セット(同じ数字2枚以上、マークは自由)・階段(同じマークで3つ以上続く数字)のどれかを出します。',
      '次の人からは、同じ形・同じ枚数で、強さが同じか上の組を出します。出せても出さなくても、パスしてかまいません。',
      'パスするときは、場に表向きの3枚から1枚を手札に取ります(取ったら山から補充)。',
      'ほかの全員が続けてパスしたらトリックは流れ、最後に出した人が次の親になります。',
    ],
    partsTitle: 'カード',
    parts: [
      '白猫1〜8(●3)、黒猫1〜8が2組(●1と●2)、どっぺる1〜6(●4)、白猫？(●6)、黒猫？(●5)の32枚。',
      '？はワイルド: 同じマークの1〜8のどれかとして出せます。',
      'どっぺるはセットの中で2枚分として数えられます(階段では1枚)。',
    ],
    end: [
      '誰かの手札がなくなるとラウンド終了。ほかの人は手札の●の合計が1〜5ならしっぽ1本、6〜10なら2本、11以上なら3本。',
      'しっぽが5本になった人の負け(ほかの人の勝ち)。「1ラウンドのみ」ならそのラウンドの勝者の勝ち。',
      'ソロ: 毎手番1組出し、出した枚数が手数以上なら場か山から1枚選んで取り、少なければ山から引きます。手札を出し切った手数が目標以内なら成功。',
    ],
  },
  en: {
    goal: 'Be the first to empty your hand and win the round. The others grow tails for the circles (●) left in their hands, and whoever reaches five tails loses the game. Alone it is a solo challenge: clear a hand of eight within six turns.',
    turn: [
      'At the start of a round everyone shows one card at once; the smallest number starts (on a tie, the fewest circles) and opens with that card.',
      'The leader plays a single card, a set (two or more of one number, any marks) or a sequence (three or more numbers in a row, one mark).',
      'The next players answer with the same kind of play, as many cards, ranked equal or higher. Anyone may pass instead, whether they could play or not.',
      'A player who passes takes one of the three face-up field cards into their hand (the pile refills the field).',
      'When everyone else has passed in a row, the trick is cleared and the last player to play leads the next one.',
    ],
    partsTitle: 'The cards',
    parts: [
      'White 1–8 (3 circles each), two sets of Black 1–8 (1 and 2 circles), Doppel 1–6 (4 circles), White ? (6) and Black ? (5): 32 cards.',
      'A ? is wild: it stands for any number 1–8 of its own mark.',
      'A Doppel may count as two cards in a set (never in a sequence).',
    ],
    end: [
      'A round ends when someone empties their hand. Each other player adds tails for the circles left in hand: 1–5 one, 6–10 two, 11 or more three.',
      'Whoever reaches five tails loses (everyone else wins). With "one round" the round\'s winner wins.',
      'Solo: each turn you play one combination; with as many cards as the turn number or more you choose a field card or the pile\'s top, with fewer you draw from the pile. Clear your hand within the target number of turns to succeed.',
    ],
  },
};

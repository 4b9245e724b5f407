// The one word each language uses for each money, card and account concept. The translation
// check (scripts/i18n-check.ts) holds every catalogue entry to it, and docs/glossary/ is
// written from it (scripts/i18n/glossaryDoc.ts), so the list translators read is the list
// the check enforces.

export const TARGET_LOCALES = ['zh-TW', 'zh', 'ja', 'ko', 'th', 'pt', 'ms', 'id', 'vi'] as const;
export type TargetLocale = (typeof TARGET_LOCALES)[number];

export interface NearSynonym {
  /** A word that must not stand in for the concept. */
  word: string;
  /** What a reader takes it to mean instead. */
  means: string;
}

export interface Term {
  /** The term, as translators read it in the glossary. */
  use: string;
  /** How the check recognises the term in a translation (default: `use`, any case). */
  match?: RegExp;
  /** A word that belongs to this concept alone: refused in entries whose English does not name it. */
  reserved?: RegExp;
  /** Near-synonyms that say something else; refused in this concept's entries. */
  avoid?: NearSynonym[];
  note?: string;
}

export interface Concept {
  key: string;
  /** The English the concept covers, as people read it in the glossary. */
  english: string;
  /** Which English entries the concept covers (placeholders are left out before matching). */
  en: RegExp;
  /** Further narrows the entries, by the files that use them and their message context. */
  where?: (entry: { origins: readonly string[]; context?: string }) => boolean;
  note?: string;
  terms: Record<TargetLocale, Term>;
}

const inRelease = (entry: { origins: readonly string[] }) =>
  entry.origins.length > 0 && entry.origins.every((o) => o.includes('features/release/'));

export const CONCEPTS: readonly Concept[] = [
  {
    key: 'wallet',
    english: 'wallet',
    // "JU Wallet" is the product's name and stays as it is, as do wallet apps' brand names.
    en: /(?<!(?:JU|Trust|OKX|Bitget) )\bwallets?\b/i,
    terms: {
      'zh-TW': { use: '錢包' },
      zh: { use: '钱包' },
      ja: { use: 'ウォレット' },
      ko: { use: '지갑' },
      th: {
        use: 'กระเป๋าเงิน',
        avoid: [{ word: 'วอลเล็ต', means: 'a loanword; the app says กระเป๋าเงิน' }],
      },
      pt: { use: 'carteira' },
      ms: { use: 'dompet' },
      id: { use: 'dompet' },
      vi: { use: 'ví' },
    },
  },
  {
    key: 'balance',
    english: 'balance',
    en: /\bbalances?\b/i,
    note: 'Money the user can spend or move now. Never for amounts that are not released yet.',
    terms: {
      'zh-TW': { use: '餘額' },
      zh: { use: '余额' },
      ja: { use: '残高' },
      ko: { use: '잔액' },
      th: {
        use: 'ยอดคงเหลือ',
        match: /ยอด(เงิน)?คงเหลือ/,
        reserved: /คงเหลือ/,
        note: 'คงเหลือ alone says "spendable": not for the release screen\'s remaining (unreleased) total.',
      },
      pt: { use: 'saldo' },
      ms: {
        use: 'baki',
        reserved: /\bbaki\b/i,
        note: 'Not for "remaining" amounts that are not released yet.',
      },
      id: { use: 'saldo' },
      vi: { use: 'số dư' },
    },
  },
  {
    key: 'ticket',
    english: 'ticket',
    // "TICKET" in capitals is the coin's symbol and stays as it is.
    en: /\b[Tt]ickets?\b/,
    terms: {
      'zh-TW': { use: '門票', avoid: [{ word: '票券', means: 'a voucher or coupon' }] },
      zh: { use: '门票', avoid: [{ word: '票券', means: 'a voucher or coupon' }] },
      ja: { use: 'チケット' },
      ko: { use: '티켓' },
      th: { use: 'ตั๋ว' },
      pt: {
        use: 'ticket',
        avoid: [{ word: 'bilhete', means: 'a travel or show ticket; the app says ticket' }],
      },
      ms: { use: 'tiket' },
      id: { use: 'tiket' },
      vi: { use: 'vé' },
    },
  },
  {
    key: 'ticket balance',
    english: 'ticket balance (the tickets one can send to other users: the TICKET asset)',
    en: /\bticket balance\b/i,
    note: 'Not the tickets bought on the chain (purchased tickets).',
    terms: {
      'zh-TW': { use: '門票餘額' },
      zh: { use: '门票余额' },
      ja: { use: 'チケット残高' },
      ko: { use: '티켓 잔액' },
      th: { use: 'ยอดคงเหลือตั๋ว' },
      pt: { use: 'saldo de tickets' },
      ms: { use: 'baki tiket' },
      id: { use: 'saldo tiket' },
      vi: { use: 'số dư vé' },
    },
  },
  {
    key: 'purchased tickets',
    english: 'purchased tickets (bought on the chain, used to join cycles)',
    en: /\bpurchased tickets?\b/i,
    note: 'Not the ticket balance one can send.',
    terms: {
      'zh-TW': { use: '已購門票' },
      zh: { use: '已购门票' },
      ja: { use: '購入済みチケット' },
      ko: { use: '구매한 티켓' },
      th: { use: 'ตั๋วที่ซื้อ' },
      pt: { use: 'tickets comprados' },
      ms: { use: 'tiket yang dibeli' },
      id: { use: 'tiket yang dibeli' },
      vi: { use: 'vé đã mua' },
    },
  },
  {
    key: 'transfer',
    english: 'transfer (tickets from one user to another)',
    en: /\btransfer/i,
    where: (entry) => !inRelease(entry),
    note: 'Tickets sent to another JU Wallet user: not a payment, not a bank transfer.',
    terms: {
      'zh-TW': { use: '轉帳', match: /轉帳|轉入|轉出/ },
      zh: { use: '转账', match: /转账|转入|转出/ },
      ja: {
        use: '送付',
        match: /送付|受け取り/,
        avoid: [{ word: '送金', means: 'a money remittance' }],
      },
      ko: {
        use: '전송',
        avoid: [
          { word: '송금', means: 'a money remittance' },
          { word: '이체', means: 'a bank account transfer' },
        ],
      },
      th: { use: 'โอน' },
      pt: { use: 'transferência', match: /transfer/i },
      ms: { use: 'pindahan', match: /pindah|memindah/i },
      id: { use: 'transfer' },
      vi: {
        use: 'chuyển',
        avoid: [{ word: 'chuyển khoản', means: 'a bank transfer' }],
      },
    },
  },
  {
    key: 'release-transfer',
    english: 'transfer (released dividend into the JU balance)',
    en: /\btransfer/i,
    where: inRelease,
    note: "Moving released JU into the user's own balance, on the release screen.",
    terms: {
      'zh-TW': { use: '轉入' },
      zh: { use: '转入' },
      ja: { use: '振替', match: /振替|移/ },
      ko: { use: '이체', match: /이체|옮기/ },
      th: { use: 'โอนเข้า', match: /โอน|ย้าย/ },
      pt: { use: 'transferir', match: /transfer/i },
      ms: { use: 'pindah', match: /pindah|memindah/i },
      id: { use: 'transfer', match: /transfer|pindah/i },
      vi: { use: 'chuyển' },
    },
  },
  {
    key: 'withdraw',
    english: 'withdraw, withdrawal',
    en: /\bwithdraw/i,
    terms: {
      'zh-TW': {
        use: '提領',
        avoid: [{ word: '提現', means: 'the Mainland word; Taiwan says 提領' }],
      },
      zh: { use: '提现' },
      ja: { use: '出金' },
      ko: { use: '출금' },
      th: { use: 'ถอน' },
      pt: {
        use: 'saque, sacar',
        match: /saque|sac[aoe]/i,
        avoid: [{ word: 'levantamento', means: 'the word in Portugal; Brazil says saque' }],
      },
      ms: { use: 'pengeluaran', match: /keluar|pengeluaran/i },
      id: { use: 'penarikan', match: /tarik|penarikan/i },
      vi: { use: 'rút' },
    },
  },
  {
    key: 'fee',
    english: 'fee',
    en: /\bfees?\b/i,
    terms: {
      'zh-TW': { use: '手續費', match: /費/ },
      zh: { use: '手续费', match: /费/ },
      ja: { use: '手数料' },
      ko: { use: '수수료' },
      th: { use: 'ค่าธรรมเนียม' },
      pt: { use: 'taxa' },
      ms: { use: 'yuran' },
      id: { use: 'biaya' },
      vi: { use: 'phí' },
    },
  },
  {
    key: 'recharge',
    english: 'recharge, top-up (money onto a card)',
    en: /\brecharg|\btop[- ]?up/i,
    terms: {
      'zh-TW': { use: '儲值' },
      zh: { use: '充值' },
      ja: { use: 'チャージ' },
      ko: { use: '충전' },
      th: { use: 'เติมเงิน' },
      pt: { use: 'recarga, recarregar', match: /recarg|recarreg/i },
      ms: { use: 'tambah nilai' },
      id: { use: 'isi ulang', match: /isi ulang|diisi ulang/i },
      vi: {
        use: 'nạp thẻ',
        match: /nạp/i,
        avoid: [{ word: 'nạp tiền', means: 'a deposit into the wallet (Deposit)' }],
      },
    },
  },
  {
    key: 'deposit',
    english: 'deposit (money credited to the wallet balance)',
    en: /\bdeposit/i,
    terms: {
      'zh-TW': { use: '入帳' },
      zh: { use: '入账' },
      ja: { use: '入金' },
      ko: { use: '입금' },
      th: { use: 'ฝากเข้า' },
      pt: { use: 'depósito' },
      ms: { use: 'deposit' },
      id: { use: 'setoran' },
      vi: {
        use: 'nạp tiền',
        reserved: /nạp tiền/i,
        note: 'Only for Deposit: a card recharge is nạp thẻ.',
      },
    },
  },
  {
    key: 'freeze',
    english: 'freeze, frozen, unfreeze',
    en: /\b(un)?(freez\w*|frozen)\b/i,
    note: 'A card the user can unfreeze again, or wallet funds held for now. Never the word for blocked.',
    terms: {
      'zh-TW': { use: '凍結, 解凍', match: /凍結|解凍/ },
      zh: { use: '冻结, 解冻', match: /冻结|解冻/ },
      ja: { use: '凍結' },
      ko: { use: '동결' },
      th: {
        use: 'อายัด',
        avoid: [{ word: 'ระงับ', means: 'blocked, the card reported lost or stolen' }],
      },
      pt: { use: 'congelar, congelado', match: /congel/i },
      ms: { use: 'bekukan, dibekukan', match: /beku/i },
      id: { use: 'bekukan, dibekukan', match: /beku/i },
      vi: { use: 'đóng băng' },
    },
  },
  {
    key: 'block',
    english: 'block, blocked (for good, after a loss or theft report)',
    en: /\bblock(ed|s)?\b/i,
    note: 'Permanent: the card never works again. Must read differently from frozen.',
    terms: {
      'zh-TW': { use: '停用' },
      zh: { use: '停用' },
      ja: {
        use: '利用停止',
        match: /停止/,
        avoid: [{ word: 'ブロック', means: 'a loanword the card screens do not use' }],
      },
      ko: {
        use: '차단',
        avoid: [{ word: '정지', means: 'a temporary suspension' }],
      },
      th: {
        use: 'ระงับถาวร',
        match: /ระงับ(บัตร)?ถาวร/,
        avoid: [{ word: 'อายัด', means: 'frozen, which can be undone' }],
      },
      pt: { use: 'bloquear, bloqueado', match: /bloque/i },
      ms: { use: 'sekat, disekat', match: /sekat/i },
      id: { use: 'blokir, diblokir', match: /blokir/i },
      vi: {
        use: 'khóa vĩnh viễn',
        match: /khóa( thẻ)? vĩnh viễn/i,
        note: 'khóa alone reads as a lock the user can lift.',
      },
    },
  },
  {
    key: 'chain',
    english: 'chain, on chain (the blockchain)',
    // "chain ID" is the network's number and follows the network word.
    en: /\bchain\b(?! ID)/i,
    note: 'The blockchain itself. Never the word for network: that one is for the wrong-network message and the network fee.',
    terms: {
      'zh-TW': { use: '鏈上, 鏈', match: /鏈/ },
      zh: { use: '链上, 链', match: /链/ },
      ja: { use: 'チェーン' },
      ko: { use: '체인' },
      th: { use: 'เชน' },
      pt: {
        use: 'blockchain',
        avoid: [
          { word: 'rede', means: 'network (the wrong-network message)' },
          { word: 'cadeia', means: 'a chain of shops or a prison' },
        ],
      },
      ms: {
        use: 'rantaian',
        avoid: [{ word: 'rangkaian', means: 'network' }],
      },
      id: {
        use: 'blockchain',
        avoid: [{ word: 'jaringan', means: 'network' }],
      },
      vi: { use: 'chuỗi', avoid: [{ word: 'mạng', means: 'network' }] },
    },
  },
  {
    key: 'network',
    english: 'network (which chain the wallet is on; the network fee)',
    en: /\bnetworks?\b/i,
    terms: {
      'zh-TW': { use: '網路' },
      zh: { use: '网络' },
      ja: { use: 'ネットワーク' },
      ko: { use: '네트워크' },
      th: { use: 'เครือข่าย' },
      pt: { use: 'rede' },
      ms: { use: 'rangkaian' },
      id: { use: 'jaringan' },
      vi: { use: 'mạng' },
    },
  },
  {
    key: 'node',
    english: 'node',
    en: /\bnodes?\b/i,
    terms: {
      'zh-TW': { use: '節點' },
      zh: { use: '节点' },
      ja: { use: 'ノード' },
      ko: { use: '노드' },
      th: { use: 'โหนด' },
      pt: { use: 'nó, nós', match: /(?<!\p{L})nós?(?!\p{L})/iu },
      ms: { use: 'nod' },
      id: { use: 'node' },
      vi: { use: 'node', avoid: [{ word: 'nút', means: 'a button' }] },
    },
  },
  {
    key: 'dividend',
    english: 'dividend',
    en: /\bdividends?\b/i,
    terms: {
      'zh-TW': { use: '分紅' },
      zh: { use: '分红' },
      ja: { use: '配当' },
      ko: { use: '배당' },
      th: { use: 'เงินปันผล', match: /ปันผล/ },
      pt: { use: 'dividendo' },
      ms: { use: 'dividen' },
      id: { use: 'dividen' },
      vi: { use: 'cổ tức' },
    },
  },
  {
    key: 'release',
    english: 'release, released (dividend paid out over time)',
    en: /\breleas(e|ed|es|ing)\b/i,
    terms: {
      'zh-TW': { use: '釋放' },
      zh: { use: '释放' },
      ja: { use: '解放', avoid: [{ word: 'リリース', means: 'a software release' }] },
      ko: { use: '해제' },
      th: {
        use: 'ปล่อย',
        avoid: [{ word: 'ปลดล็อก', means: 'unlocking a device' }],
      },
      pt: { use: 'liberação, liberar', match: /liber/i },
      ms: { use: 'pelepasan, dilepaskan', match: /lepas/i },
      id: { use: 'pelepasan, dilepas', match: /lepas/i },
      vi: { use: 'giải phóng' },
    },
  },
  {
    key: 'payout',
    english: 'payout (money the pool pays to the user)',
    en: /\bpayouts?\b/i,
    note: 'Money coming to the user. Must not read as a payment the user owes.',
    terms: {
      'zh-TW': { use: '發放' },
      zh: { use: '发放' },
      ja: {
        use: '払い出し',
        avoid: [{ word: '支払い待ち', means: 'a payment the user still has to make' }],
      },
      ko: { use: '지급' },
      th: { use: 'จ่ายคืน' },
      pt: {
        use: 'valor a receber',
        match: /a receber/i,
        avoid: [{ word: 'pagamento pendente', means: 'a payment the user owes' }],
      },
      ms: {
        use: 'pembayaran kepada anda',
        match: /kepada anda/i,
        avoid: [{ word: 'pembayaran belum dibuat', means: 'a payment the user has not made' }],
      },
      id: {
        use: 'pencairan',
        avoid: [{ word: 'menunggu pembayaran', means: 'a payment the user still has to make' }],
      },
      vi: { use: 'chi trả' },
    },
  },
  {
    key: 'order',
    english: 'order (a purchase in the mall, a node order)',
    en: /\border(s|ed)?\b/i,
    terms: {
      'zh-TW': { use: '訂單', match: /訂單|訂購|下單/ },
      zh: { use: '订单', match: /订单|订购|下单/ },
      ja: { use: '注文' },
      ko: { use: '주문' },
      th: { use: 'คำสั่งซื้อ', match: /สั่งซื้อ/ },
      pt: {
        use: 'pedido',
        avoid: [{ word: 'encomenda', means: 'the word in Portugal; Brazil says pedido' }],
      },
      ms: { use: 'pesanan', match: /pesan/i },
      id: { use: 'pesanan', match: /pesan/i },
      vi: { use: 'đơn hàng', match: /đơn|đặt/i },
    },
  },
  {
    key: 'sign-in',
    english: 'sign in, sign-in',
    en: /\bsign(ed|ing)?[- ]in\b|\blog ?in\b/i,
    terms: {
      'zh-TW': { use: '登入' },
      zh: { use: '登录' },
      ja: {
        use: 'ログイン',
        avoid: [{ word: 'サインイン', means: 'the same thing in another word' }],
      },
      ko: { use: '로그인' },
      th: { use: 'เข้าสู่ระบบ', match: /เข้าสู่ระบบ|ลงชื่อเข้าใช้/ },
      pt: { use: 'entrar, login', match: /entr[aeo]|login|conectad/i },
      ms: { use: 'log masuk' },
      id: { use: 'masuk' },
      vi: { use: 'đăng nhập' },
    },
  },
  {
    key: 'sign-out',
    english: 'sign out',
    en: /\bsign(s|ed)?( you)? out\b/i,
    terms: {
      'zh-TW': { use: '登出', match: /登出|重新登入/ },
      zh: { use: '退出登录', match: /退出登录|重新登录/ },
      ja: {
        use: 'ログアウト',
        avoid: [{ word: 'サインアウト', means: 'the same thing in another word' }],
      },
      ko: { use: '로그아웃' },
      th: { use: 'ออกจากระบบ' },
      pt: { use: 'sair, encerrar a sessão', match: /sair|sessão encerrada|encerra/i },
      ms: { use: 'log keluar', match: /log keluar|dilog keluar/i },
      id: { use: 'keluar', match: /keluar|dikeluarkan/i },
      vi: { use: 'đăng xuất' },
    },
  },
  {
    key: 'signature',
    english: 'sign, signature (in the wallet)',
    en: /\bsign(ature|atures|s|ed|ing)?\b(?![- ](in|out|you out))/i,
    terms: {
      'zh-TW': { use: '簽名, 簽署', match: /簽/ },
      zh: { use: '签名, 签署', match: /签/ },
      ja: { use: '署名' },
      ko: { use: '서명' },
      th: { use: 'ลงนาม, ลายเซ็น', match: /ลงนาม|ลายเซ็น/ },
      pt: { use: 'assinar, assinatura', match: /assin/i },
      ms: { use: 'tandatangan', match: /tandatangan/i },
      id: { use: 'tanda tangan', match: /tanda ?tangan/i },
      vi: { use: 'ký, chữ ký', match: /ký/i },
    },
  },
  {
    key: 'session',
    english: 'session (a device signed in)',
    en: /\bsessions?\b/i,
    terms: {
      'zh-TW': { use: '工作階段', match: /工作階段|登入已過期/ },
      zh: { use: '会话', match: /会话|登录已过期/ },
      ja: { use: 'セッション' },
      ko: { use: '세션' },
      th: { use: 'เซสชัน' },
      pt: { use: 'sessão', match: /sess(ão|ões)/i },
      ms: { use: 'sesi' },
      id: { use: 'sesi' },
      vi: { use: 'phiên' },
    },
  },
  {
    key: 'submitted',
    english: 'submitted (a request handed in, not money sent)',
    en: /\bsubmitted\b/i,
    note: 'The request is with us; nothing has been paid out or sent yet.',
    terms: {
      'zh-TW': { use: '已送出（申請）', match: /申請|送出/ },
      zh: { use: '已提交', match: /提交/ },
      ja: { use: '申請しました, 受け付けました', match: /申請|申し込み|受け付け/ },
      ko: { use: '신청', match: /신청|제출/ },
      th: { use: 'ส่งคำขอแล้ว', match: /คำขอ|ใบสมัคร/ },
      pt: {
        use: 'solicitado, solicitação enviada',
        match: /solicita/i,
        avoid: [{ word: 'saque enviado', means: 'money already sent' }],
      },
      ms: {
        use: 'permintaan … dihantar',
        match: /permintaan|permohonan/i,
        avoid: [{ word: 'pengeluaran dihantar', means: 'money already sent' }],
      },
      id: {
        use: 'diajukan',
        match: /aju/i,
        avoid: [{ word: 'dikirim', means: 'money already sent' }],
      },
      vi: { use: 'đã gửi yêu cầu', match: /yêu cầu|đơn/i },
    },
  },
  {
    key: 'payment',
    english: 'payment',
    en: /\bpayments?\b/i,
    terms: {
      'zh-TW': { use: '付款', match: /付款|支付/ },
      zh: { use: '付款', match: /付款|支付/ },
      ja: { use: '支払い', match: /支払/ },
      ko: { use: '결제' },
      th: { use: 'การชำระเงิน', match: /ชำระ/ },
      pt: { use: 'pagamento' },
      ms: { use: 'pembayaran', match: /bayar/i },
      id: { use: 'pembayaran', match: /bayar/i },
      vi: { use: 'thanh toán' },
    },
  },
  {
    key: 'claim',
    english: 'claim (a signed statement that a paying wallet is yours)',
    en: /\bclaim\b/i,
    terms: {
      'zh-TW': { use: '聲明' },
      zh: { use: '声明' },
      ja: { use: '申告' },
      ko: {
        use: '소유 확인',
        avoid: [{ word: '청구', means: 'a bill or a demand for payment' }],
      },
      th: { use: 'คำยืนยัน' },
      pt: { use: 'declaração' },
      ms: {
        use: 'pengakuan',
        avoid: [{ word: 'tuntutan', means: 'a demand, as for money owed' }],
      },
      id: { use: 'klaim' },
      vi: { use: 'bản xác nhận' },
    },
  },
  {
    key: 'confirmation',
    english: 'confirmation (by the chain)',
    en: /\bconfirmations?\b|\bconfirm\w*\b.*\bchain\b|\bchain\b.*\bconfirm\w*\b/i,
    terms: {
      'zh-TW': { use: '確認' },
      zh: { use: '确认' },
      ja: { use: '承認', note: '確認 is the user checking something on screen.' },
      ko: { use: '확인' },
      th: { use: 'ยืนยัน' },
      pt: { use: 'confirmação', match: /confirm/i },
      ms: { use: 'pengesahan', match: /sah/i },
      id: { use: 'konfirmasi', match: /konfirm|mengonfirmasi/i },
      vi: { use: 'xác nhận' },
    },
  },
];

/** Words refused anywhere in a language's catalogue, with the word to use instead. */
export const FORBIDDEN: Partial<Record<TargetLocale, readonly ForbiddenWord[]>> = {
  'zh-TW': [
    { word: '提現', use: '提領', why: 'the Mainland word for withdrawal' },
    { word: '用戶', use: '使用者', why: 'the Mainland word for user' },
    { word: '你', use: '您', why: 'the interface addresses the user politely' },
    { word: '票券', use: '門票', why: 'a voucher, not the ticket' },
  ],
  zh: [
    { word: '你', use: '您', why: 'the interface addresses the user politely' },
    { word: '票券', use: '门票', why: 'a voucher, not the ticket' },
  ],
  ja: [
    { word: '送金', use: '送付', why: 'a money remittance; tickets are sent (送付)' },
    { word: 'サインイン', use: 'ログイン', why: 'one word for signing in' },
    { word: 'サインアウト', use: 'ログアウト', why: 'one word for signing out' },
  ],
  ko: [{ word: '송금', use: '전송', why: 'a money remittance; tickets are sent (전송)' }],
  pt: [
    { word: 'encomenda', use: 'pedido', why: "Portugal's word for an order" },
    { word: 'bilhete', use: 'ticket', why: 'the app says ticket' },
    { word: 'cadeia', use: 'blockchain', why: 'a chain of shops or a prison' },
  ],
  id: [{ word: 'treasury', use: 'kas', why: 'left in English' }],
  ms: [{ word: 'treasury', use: 'perbendaharaan', why: 'left in English' }],
  vi: [{ word: 'chuyển khoản', use: 'chuyển', why: 'a bank transfer' }],
};

export interface ForbiddenWord {
  word: string;
  use: string;
  why: string;
}

/**
 * Deliberate exceptions: an entry (by its English text) that does not use a concept's term,
 * in one language or in all ('*'), and why.
 */
export const EXCEPTIONS: readonly {
  locale: TargetLocale | '*';
  english: string;
  concept: string;
  why: string;
}[] = [
  {
    locale: '*',
    english: 'Release to refresh',
    concept: 'release',
    why: 'letting go of a pull-to-refresh gesture, not a dividend release',
  },
];

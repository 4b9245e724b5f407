// The neutral sample content a new installation starts with, in all ten languages: home
// page, marquee and two notices. It promises nothing (no yields, no figures to hold the
// operator to); operators replace it with `npm run admin -- home set | marquee set | notice …`.
import type { HomeContent } from '../../contract/api/content.ts';
import type { Locale } from '../../contract/i18n/locales.ts';

export interface SampleText {
  highlights: [string, string, string];
  protocolTitle: string;
  protocol: string;
  stepsTitle: string;
  steps: [string, string, string, string];
  newsTitle: string;
  news: [{ title: string; text: string }, { title: string; text: string }];
  marquee: [string, string];
  welcome: { title: string; body: string };
  sample: { title: string; body: string };
}

export const SAMPLES: Record<Locale, SampleText> = {
  en: {
    highlights: ['Languages', 'Assets', 'Network'],
    protocolTitle: 'About the protocol',
    protocol:
      'JU Wallet connects your browser wallet to tickets, transfers, withdrawals and cards. This is sample text: the operator replaces it with the programme rules.',
    stepsTitle: 'How to buy a ticket',
    steps: [
      'Connect your wallet and sign in with a signature.',
      'Open Ticket buy from the menu.',
      'Confirm the payment in your wallet; the app does the rest.',
      'Follow the review status in your ticket records.',
    ],
    newsTitle: 'Ecosystem news',
    news: [
      { title: 'Welcome to JU Wallet', text: 'The app is now available in ten languages.' },
      { title: 'Sample news', text: 'The operator publishes ecosystem news here.' },
    ],
    marquee: ['Welcome to JU Wallet.', 'This is a sample announcement line.'],
    welcome: {
      title: 'Welcome to JU Wallet',
      body: '<p>Thank you for joining. Notices from the operator appear here.</p><p>This is sample content.</p>',
    },
    sample: {
      title: 'How notices work',
      body: '<p>Unread notices are marked in the list. Opening one marks it as read.</p>',
    },
  },
  'zh-TW': {
    highlights: ['語言', '資產', '網路'],
    protocolTitle: '關於協議',
    protocol:
      'JU Wallet 將您的瀏覽器錢包與門票、轉帳、提領和卡片連接起來。這是範例文字：營運方會以計畫規則取代它。',
    stepsTitle: '如何購買門票',
    steps: [
      '連接錢包並以簽名登入。',
      '從選單打開「購買門票」。',
      '在錢包中確認付款，其餘由本應用程式完成。',
      '在門票紀錄中查看審核狀態。',
    ],
    newsTitle: '生態新聞',
    news: [
      { title: '歡迎使用 JU Wallet', text: '本應用程式現已提供十種語言。' },
      { title: '範例新聞', text: '營運方會在這裡發布生態新聞。' },
    ],
    marquee: ['歡迎使用 JU Wallet。', '這是一則範例公告。'],
    welcome: {
      title: '歡迎使用 JU Wallet',
      body: '<p>感謝您的加入。營運方的公告會顯示在這裡。</p><p>這是範例內容。</p>',
    },
    sample: {
      title: '公告如何運作',
      body: '<p>未讀公告會在清單中標示。打開後即標為已讀。</p>',
    },
  },
  zh: {
    highlights: ['语言', '资产', '网络'],
    protocolTitle: '关于协议',
    protocol:
      'JU Wallet 将您的浏览器钱包与门票、转账、提现和卡片连接起来。这是示例文字：运营方会以计划规则替换它。',
    stepsTitle: '如何购买门票',
    steps: [
      '连接钱包并以签名登录。',
      '从菜单打开“购买门票”。',
      '在钱包中确认付款，其余由本应用完成。',
      '在门票记录中查看审核状态。',
    ],
    newsTitle: '生态新闻',
    news: [
      { title: '欢迎使用 JU Wallet', text: '本应用现已提供十种语言。' },
      { title: '示例新闻', text: '运营方会在这里发布生态新闻。' },
    ],
    marquee: ['欢迎使用 JU Wallet。', '这是一条示例公告。'],
    welcome: {
      title: '欢迎使用 JU Wallet',
      body: '<p>感谢您的加入。运营方的公告会显示在这里。</p><p>这是示例内容。</p>',
    },
    sample: {
      title: '公告如何运作',
      body: '<p>未读公告会在列表中标出。打开后即标为已读。</p>',
    },
  },
  ja: {
    highlights: ['言語', '資産', 'ネットワーク'],
    protocolTitle: 'プロトコルについて',
    protocol:
      'JU Wallet はブラウザウォレットをチケット、送付、出金、カードにつなぎます。これはサンプル文です。運営者がプログラムの規約に置き換えます。',
    stepsTitle: 'チケットの購入方法',
    steps: [
      'ウォレットを接続し、署名でログインします。',
      'メニューから「チケット購入」を開きます。',
      'ウォレットで支払いを承認すると、あとはアプリが処理します。',
      'チケットの記録で審査状況を確認します。',
    ],
    newsTitle: 'エコシステムニュース',
    news: [
      { title: 'JU Wallet へようこそ', text: 'アプリは10の言語で利用できるようになりました。' },
      { title: 'サンプルニュース', text: '運営者はここでエコシステムのニュースを公開します。' },
    ],
    marquee: ['JU Wallet へようこそ。', 'これはサンプルのお知らせです。'],
    welcome: {
      title: 'JU Wallet へようこそ',
      body: '<p>ご参加ありがとうございます。運営者からのお知らせはここに表示されます。</p><p>これはサンプルです。</p>',
    },
    sample: {
      title: 'お知らせの仕組み',
      body: '<p>未読のお知らせは一覧で印が付きます。開くと既読になります。</p>',
    },
  },
  ko: {
    highlights: ['언어', '자산', '네트워크'],
    protocolTitle: '프로토콜 소개',
    protocol:
      'JU Wallet은 브라우저 지갑을 티켓, 전송, 출금, 카드와 연결합니다. 이것은 샘플 문구이며 운영자가 프로그램 규칙으로 바꿉니다.',
    stepsTitle: '티켓 구매 방법',
    steps: [
      '지갑을 연결하고 서명으로 로그인합니다.',
      '메뉴에서 티켓 구매를 엽니다.',
      '지갑에서 결제를 승인하면 나머지는 앱이 처리합니다.',
      '티켓 기록에서 심사 상태를 확인합니다.',
    ],
    newsTitle: '생태계 소식',
    news: [
      {
        title: 'JU Wallet에 오신 것을 환영합니다',
        text: '이제 앱을 10개 언어로 이용할 수 있습니다.',
      },
      { title: '샘플 소식', text: '운영자가 여기에 생태계 소식을 게시합니다.' },
    ],
    marquee: ['JU Wallet에 오신 것을 환영합니다.', '샘플 공지 문구입니다.'],
    welcome: {
      title: 'JU Wallet에 오신 것을 환영합니다',
      body: '<p>가입해 주셔서 감사합니다. 운영자의 공지가 여기에 표시됩니다.</p><p>샘플 콘텐츠입니다.</p>',
    },
    sample: {
      title: '공지 사용 방법',
      body: '<p>읽지 않은 공지는 목록에 표시됩니다. 열면 읽음으로 바뀝니다.</p>',
    },
  },
  th: {
    highlights: ['ภาษา', 'สินทรัพย์', 'เครือข่าย'],
    protocolTitle: 'เกี่ยวกับโปรโตคอล',
    protocol:
      'JU Wallet เชื่อมกระเป๋าเงินในเบราว์เซอร์ของคุณกับตั๋ว การโอน การถอน และบัตร นี่คือข้อความตัวอย่าง ผู้ให้บริการจะแทนที่ด้วยกฎของโครงการ',
    stepsTitle: 'วิธีซื้อตั๋ว',
    steps: [
      'เชื่อมต่อกระเป๋าเงินและลงชื่อเข้าใช้ด้วยลายเซ็น',
      'เปิด "ซื้อตั๋ว" จากเมนู',
      'ยืนยันการชำระเงินในกระเป๋าเงิน แล้วแอปจะดำเนินการส่วนที่เหลือให้',
      'ติดตามสถานะการตรวจสอบในบันทึกตั๋ว',
    ],
    newsTitle: 'ข่าวระบบนิเวศ',
    news: [
      { title: 'ยินดีต้อนรับสู่ JU Wallet', text: 'แอปพร้อมใช้งานแล้วใน 10 ภาษา' },
      { title: 'ข่าวตัวอย่าง', text: 'ผู้ให้บริการจะเผยแพร่ข่าวระบบนิเวศที่นี่' },
    ],
    marquee: ['ยินดีต้อนรับสู่ JU Wallet', 'นี่คือประกาศตัวอย่าง'],
    welcome: {
      title: 'ยินดีต้อนรับสู่ JU Wallet',
      body: '<p>ขอบคุณที่เข้าร่วม ประกาศจากผู้ให้บริการจะแสดงที่นี่</p><p>นี่คือเนื้อหาตัวอย่าง</p>',
    },
    sample: {
      title: 'ประกาศทำงานอย่างไร',
      body: '<p>ประกาศที่ยังไม่ได้อ่านจะมีเครื่องหมายในรายการ เมื่อเปิดอ่านจะถือว่าอ่านแล้ว</p>',
    },
  },
  pt: {
    highlights: ['Idiomas', 'Ativos', 'Rede'],
    protocolTitle: 'Sobre o protocolo',
    protocol:
      'O JU Wallet conecta a carteira do seu navegador a tickets, transferências, saques e cartões. Este é um texto de exemplo: o operador vai substituí-lo pelas regras do programa.',
    stepsTitle: 'Como comprar um ticket',
    steps: [
      'Conecte sua carteira e entre com uma assinatura.',
      'Abra Comprar ticket no menu.',
      'Confirme o pagamento na sua carteira; o app faz o resto.',
      'Acompanhe o status da análise no histórico dos seus tickets.',
    ],
    newsTitle: 'Notícias do ecossistema',
    news: [
      { title: 'Bem-vindo ao JU Wallet', text: 'O app agora está disponível em dez idiomas.' },
      { title: 'Notícia de exemplo', text: 'O operador publica aqui as notícias do ecossistema.' },
    ],
    marquee: ['Bem-vindo ao JU Wallet.', 'Esta é uma linha de aviso de exemplo.'],
    welcome: {
      title: 'Bem-vindo ao JU Wallet',
      body: '<p>Obrigado por se juntar a nós. Os avisos do operador aparecem aqui.</p><p>Este é um conteúdo de exemplo.</p>',
    },
    sample: {
      title: 'Como funcionam os avisos',
      body: '<p>Os avisos não lidos ficam marcados na lista. Ao abrir um aviso, ele é marcado como lido.</p>',
    },
  },
  ms: {
    highlights: ['Bahasa', 'Aset', 'Rangkaian'],
    protocolTitle: 'Tentang protokol',
    protocol:
      'JU Wallet menghubungkan dompet pelayar anda dengan tiket, pindahan, pengeluaran dan kad. Ini teks contoh: pengendali akan menggantikannya dengan peraturan program.',
    stepsTitle: 'Cara membeli tiket',
    steps: [
      'Sambungkan dompet anda dan log masuk dengan tandatangan.',
      'Buka Beli tiket dari menu.',
      'Sahkan pembayaran dalam dompet anda; aplikasi akan menguruskan selebihnya.',
      'Ikuti status semakan dalam rekod tiket anda.',
    ],
    newsTitle: 'Berita ekosistem',
    news: [
      {
        title: 'Selamat datang ke JU Wallet',
        text: 'Aplikasi kini tersedia dalam sepuluh bahasa.',
      },
      { title: 'Berita contoh', text: 'Pengendali menerbitkan berita ekosistem di sini.' },
    ],
    marquee: ['Selamat datang ke JU Wallet.', 'Ini baris pengumuman contoh.'],
    welcome: {
      title: 'Selamat datang ke JU Wallet',
      body: '<p>Terima kasih kerana menyertai kami. Notis daripada pengendali dipaparkan di sini.</p><p>Ini kandungan contoh.</p>',
    },
    sample: {
      title: 'Cara notis berfungsi',
      body: '<p>Notis yang belum dibaca ditanda dalam senarai. Membukanya menandakannya sebagai dibaca.</p>',
    },
  },
  id: {
    highlights: ['Bahasa', 'Aset', 'Jaringan'],
    protocolTitle: 'Tentang protokol',
    protocol:
      'JU Wallet menghubungkan dompet peramban Anda dengan tiket, transfer, penarikan, dan kartu. Ini teks contoh: operator akan menggantinya dengan aturan program.',
    stepsTitle: 'Cara membeli tiket',
    steps: [
      'Hubungkan dompet Anda dan masuk dengan tanda tangan.',
      'Buka Beli tiket dari menu.',
      'Konfirmasi pembayaran di dompet Anda; aplikasi akan mengurus sisanya.',
      'Pantau status peninjauan di catatan tiket Anda.',
    ],
    newsTitle: 'Berita ekosistem',
    news: [
      {
        title: 'Selamat datang di JU Wallet',
        text: 'Aplikasi kini tersedia dalam sepuluh bahasa.',
      },
      { title: 'Berita contoh', text: 'Operator menerbitkan berita ekosistem di sini.' },
    ],
    marquee: ['Selamat datang di JU Wallet.', 'Ini baris pengumuman contoh.'],
    welcome: {
      title: 'Selamat datang di JU Wallet',
      body: '<p>Terima kasih telah bergabung. Pemberitahuan dari operator muncul di sini.</p><p>Ini konten contoh.</p>',
    },
    sample: {
      title: 'Cara kerja pemberitahuan',
      body: '<p>Pemberitahuan yang belum dibaca ditandai di daftar. Membukanya menandainya sebagai sudah dibaca.</p>',
    },
  },
  vi: {
    highlights: ['Ngôn ngữ', 'Tài sản', 'Mạng'],
    protocolTitle: 'Về giao thức',
    protocol:
      'JU Wallet kết nối ví trình duyệt của bạn với vé, chuyển vé, rút tiền và thẻ. Đây là văn bản mẫu: nhà vận hành sẽ thay bằng quy tắc của chương trình.',
    stepsTitle: 'Cách mua vé',
    steps: [
      'Kết nối ví và đăng nhập bằng chữ ký.',
      'Mở Mua vé từ trình đơn.',
      'Xác nhận thanh toán trong ví; ứng dụng sẽ lo phần còn lại.',
      'Theo dõi trạng thái xét duyệt trong lịch sử vé.',
    ],
    newsTitle: 'Tin tức hệ sinh thái',
    news: [
      { title: 'Chào mừng đến với JU Wallet', text: 'Ứng dụng hiện có mười ngôn ngữ.' },
      { title: 'Tin mẫu', text: 'Nhà vận hành đăng tin tức hệ sinh thái tại đây.' },
    ],
    marquee: ['Chào mừng đến với JU Wallet.', 'Đây là một dòng thông báo mẫu.'],
    welcome: {
      title: 'Chào mừng đến với JU Wallet',
      body: '<p>Cảm ơn bạn đã tham gia. Thông báo của nhà vận hành sẽ hiện ở đây.</p><p>Đây là nội dung mẫu.</p>',
    },
    sample: {
      title: 'Thông báo hoạt động thế nào',
      body: '<p>Thông báo chưa đọc được đánh dấu trong danh sách. Mở một thông báo sẽ đánh dấu là đã đọc.</p>',
    },
  },
};

function homeContent(sample: SampleText, day: string): HomeContent {
  const [languages, assets, network] = sample.highlights;
  return {
    highlights: [
      { label: languages, value: '10' },
      { label: assets, value: 'JU · USDT' },
      { label: network, value: 'JuChain' },
    ],
    protocol: { title: sample.protocolTitle, text: sample.protocol },
    steps: { title: sample.stepsTitle, items: [...sample.steps] },
    news: {
      title: sample.newsTitle,
      items: sample.news.map((item) => ({ ...item, date: day })),
    },
  };
}

export interface SeedRows {
  blocks: { kind: string; locale: string; body: string; updated_at: string }[];
  notices: {
    created_at: string;
    texts: { locale: string; title: string; body: string; updated_at: string }[];
  }[];
}

export function demoSeedRows(now: string): SeedRows {
  const entries = Object.entries(SAMPLES) as [Locale, SampleText][];
  const day = now.slice(0, 10);
  const texts = (pick: (sample: SampleText) => { title: string; body: string }) =>
    entries.map(([locale, sample]) => ({ locale, ...pick(sample), updated_at: now }));
  return {
    blocks: entries.flatMap(([locale, sample]) => [
      { kind: 'home', locale, body: JSON.stringify(homeContent(sample, day)), updated_at: now },
      { kind: 'marquee', locale, body: JSON.stringify(sample.marquee), updated_at: now },
    ]),
    notices: [
      { created_at: now, texts: texts((sample) => sample.sample) },
      { created_at: now, texts: texts((sample) => sample.welcome) },
    ],
  };
}

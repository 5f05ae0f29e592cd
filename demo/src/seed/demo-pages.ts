import { contentDecider, type ContentCommand, type ContentEvent, type ContentState, contentStream, type Decider, type StaticPage } from '@kupon/domain';
import { type MoneyServices, systemMeta } from '../payments/money';
import { demoBanners, demoBonusOffers } from './demo-offers';
import { DEMO_SITES } from './index';

/**
 * The info and support pages of the demo brands' footer (spec §2 `/page/{id}`: 7 about, 8 privacy,
 * 9 terms, 10 responsible gaming, 6 FAQ, 5 betting dictionary; on the brand whose money goes through
 * its live chat also 15 AML and 8 KYC, README "Footer and contact sidebar"). That footer links page 8
 * as both privacy and KYC, so on that brand page 8 is one page covering both.
 *
 * Bodies are plain text: the player site shows a page's body as text with its line breaks, never as
 * HTML or markdown; lists are lines starting with "- ".
 */

/** What a page says depends on the brand: its name, and whether deposits and withdrawals go through its live chat. */
export interface DemoBrand {
  readonly name: string;
  readonly moneyByLiveChat: boolean;
}

/** A text in both languages of the demo (a type, not an interface: it is saved as the domain's `LocalizedText`). */
type Localized = { readonly tr: string; readonly en: string };
type PageText = { readonly titles: Localized; readonly bodies: Localized };

const lines = (...parts: readonly string[]) => parts.join('\n');

function about({ name }: DemoBrand): PageText {
  return {
    titles: { tr: 'Hakkımızda', en: 'About us' },
    bodies: {
      tr: lines(
        `${name}, Kupon spor bahisleri ve casino platformunun tanıtım (demo) sitesidir. Burada gördüğünüz her şey, platformun bir operatörde nasıl çalıştığını göstermek içindir.`,
        '',
        'Bu sitede gerçek para yoktur. Para yatırılamaz, çekilemez ve kazanılamaz: demo hesaplardaki bakiyeler sanal birimlerdir, ödeme sağlayıcısı ve casino oyunları da demo sürümleridir. Maçlar ve oranlar bir simülatörden gelir, gerçek karşılaşmaları yansıtmaz.',
        '',
        'Sitede neler var:',
        '- Maç öncesi ve canlı bahis: tekli, kombine ve sistem kuponları',
        '- Casino, canlı casino, tombala ve sanal oyunlar',
        '- Para yatırma ve çekme talepleri, hesap hareketleri',
        '- Kupon sorgulama ve bayi ağı',
        '',
        `${name} lisanslı bir bahis şirketi değildir ve bahis hizmeti sunmaz. Sorularınız için İletişim formunu kullanabilirsiniz.`,
      ),
      en: lines(
        `${name} is the demo site of the Kupon sportsbook and casino platform. Everything you see here shows how the platform works for an operator.`,
        '',
        'There is no real money on this site. Nothing can be deposited, withdrawn or won: the balances of the demo accounts are play units, and the payment provider and the casino games are demo versions too. Matches and odds come from a simulator and do not reflect real events.',
        '',
        'What the site offers:',
        '- Pre-match and live betting: single, combined and system coupons',
        '- Casino, live casino, bingo and virtual games',
        '- Deposit and withdrawal requests, account history',
        '- Coupon check and a dealer network',
        '',
        `${name} is not a licensed betting company and offers no betting service. For questions, use the contact form.`,
      ),
    },
  };
}

function privacy({ name, moneyByLiveChat }: DemoBrand): PageText {
  const kyc = moneyByLiveChat;
  return {
    titles: kyc ? { tr: 'Gizlilik Politikası ve Müşterini Tanı (KYC)', en: 'Privacy Policy and Know Your Customer (KYC)' } : { tr: 'Gizlilik Politikası', en: 'Privacy Policy' },
    bodies: {
      tr: lines(
        `Bu politika, ${name} sitesinin hangi bilgileri neden sakladığını anlatır.`,
        '',
        'Sakladığımız bilgiler:',
        '- Hesap: kullanıcı adı, ad soyad, e-posta, doğum tarihi, adres, verdiyseniz telefon, para birimi ve dil. Şifreniz yalnızca geri çevrilemeyen bir özet (hash) olarak saklanır.',
        '- IP kaydı: her başarılı ve başarısız girişte IP adresi, tarayıcı bilgisi, tarih ve saat.',
        '- Kuponlar: oynadığınız her kupon; seçimleri, oranları, yatırılan ve ödenen tutarlar.',
        '- Ödemeler: para yatırma ve çekme talepleri (yöntem, tutar, durum) ve bütün bakiye hareketleriniz. Kart bilgileri bizde değil, ödeme sağlayıcısında kalır.',
        '- İletişim formundan gönderdiğiniz mesajlar.',
        '',
        'Neden: hesabınızı yönetmek, kuponlarınızı sonuçlandırıp ödemek, hesabınızı ve bizi dolandırıcılığa karşı korumak, yasal yükümlülükleri yerine getirmek ve sorularınızı yanıtlamak için.',
        '',
        'Saklama ve paylaşım: bakiye hareketleri ve kuponlar değiştirilemeyen bir kayıt defterinde tutulur ve yasal saklama süresi boyunca silinmez. Bilgileriniz satılmaz; yalnızca ödeme sağlayıcılarıyla ve yasal olarak yetkili denetim makamlarıyla, gerektiği kadar paylaşılır.',
        '',
        'Çerezler: giriş yaptığınızda yalnızca bir oturum çerezi kullanılır. Kupon sepetiniz, favorileriniz ve tema seçiminiz tarayıcınızda kalır.',
        '',
        'Haklarınız: bilgilerinizi görmek, düzeltmek veya hesabınızı kapattırmak için İletişim formundan bize yazın.',
        ...(kyc
          ? [
              '',
              'Müşterini Tanı (KYC):',
              '- İlk para çekme talebinizden önce veya yatırımlarınız belirli bir tutarı aştığında kimliğinizi doğrularız.',
              '- İstenebilecek belgeler: fotoğraflı kimlik (kimlik kartı, pasaport veya ehliyet), son üç ay içinde düzenlenmiş adres belgesi ve kullandığınız ödeme yönteminin size ait olduğunu gösteren belge.',
              '- Belgeleri canlı destek temsilcimize iletirsiniz. Doğrulama bitene kadar para çekme talepleri bekletilebilir.',
              '- Hesabınızdaki ad, soyad ve doğum tarihi belgelerinizle aynı olmalıdır; tutmazsa hesap askıya alınabilir.',
            ]
          : []),
        '',
        'Bu bir demo sitesidir: lütfen gerçek kişisel bilgilerinizi ve belgelerinizi girmeyin.',
      ),
      en: lines(
        `This policy describes which information ${name} keeps and why.`,
        '',
        'What we keep:',
        '- Account: user name, full name, e-mail, date of birth, address, phone if given, currency and language. Your password is kept only as a one-way hash.',
        '- IP log: the IP address, browser, date and time of every successful and failed login.',
        '- Coupons: every coupon you play, with its selections, odds, stakes and payouts.',
        '- Payments: deposit and withdrawal requests (method, amount, status) and every movement of your balance. Card details stay with the payment provider, not with us.',
        '- The messages you send through the contact form.',
        '',
        'Why: to run your account, settle and pay your coupons, protect your account and us against fraud, meet our legal duties and answer your questions.',
        '',
        'Keeping and sharing: balance movements and coupons are kept in a ledger that cannot be altered and are not deleted during the legal retention period. Your information is never sold; it is shared only with payment providers and with authorities entitled to it by law, and only as far as needed.',
        '',
        'Cookies: a single session cookie while you are logged in. Your betslip, favourites and theme stay in your browser.',
        '',
        'Your rights: to see or correct your information, or to have your account closed, write to us through the contact form.',
        ...(kyc
          ? [
              '',
              'Know Your Customer (KYC):',
              '- We verify your identity before your first withdrawal, or when your deposits pass a set amount.',
              '- We may ask for: a photo ID (identity card, passport or driving licence), proof of address issued in the last three months, and proof that the payment method you use is yours.',
              '- You send the documents to our live chat agent. Withdrawals may wait until verification is done.',
              '- The name and date of birth on your account must match your documents; if they do not, the account may be suspended.',
            ]
          : []),
        '',
        'This is a demo site: please do not enter real personal details or documents.',
      ),
    },
  };
}

function terms({ name }: DemoBrand): PageText {
  return {
    titles: { tr: 'Kurallar ve Şartlar', en: 'Terms and Conditions' },
    bodies: {
      tr: lines(
        `Bu kurallar, ${name} sitesinde hesap açan ve bahis oynayan herkes için geçerlidir. Bu bir demo sitesidir: gerçek para kullanılmaz.`,
        '',
        '1. Hesap',
        '- Üye olmak ve oynamak için 18 yaşını doldurmuş olmalısınız; yaşınızı belgelemeniz istenebilir.',
        '- Her kişi yalnızca bir hesap açabilir. Aynı kişinin birden fazla hesabı kapatılır; bu hesaplardaki bahisler geçersiz sayılabilir.',
        '- Şifrenizi kimseyle paylaşmayın; hesabınızdan yapılan işlemlerden siz sorumlusunuz.',
        '',
        '2. Bahislerin kabulü',
        '- Bir kupon, onaylandığında kuponda görünen oranlarla kabul edilir. Gönderdiğiniz anda oran değişmişse kupon reddedilir; "Oran değişikliklerini kabul et" seçiliyse güncel oranlarla kabul edilir ve bu oranlar kuponda yazar.',
        '- Canlı bahisler kısa bir onay süresinden sonra kabul edilir. Başlamış bir maça maç öncesi bahis alınmaz.',
        '- Açıkça hatalı bir oranla veya maç başladıktan sonra alınmış bahisler iptal edilebilir; yatırılan tutar iade edilir.',
        '- En düşük ve en yüksek kupon tutarı ile en yüksek ödeme bahis kuponunda gösterilir.',
        '',
        '3. Sonuçlandırma',
        '- Bahisler, bahis türünün kuralına göre (ör. futbolda normal süre) resmi sonuçla sonuçlandırılır.',
        '- Oynanmayacak (iptal edilen) bir maçtaki bütün seçimler iptal sayılır. Yarıda kalan bir maçta sonucu kesinleşmiş bahisler geçerlidir, diğerleri iptal sayılır. Ertelenen bir maç yeni tarihine kadar bekler.',
        '- İptal edilen bir seçim 1,00 oranla hesaplanır: tekli kuponda tutar iade edilir, kombine kupon kalan seçimlerle devam eder.',
        '- Hatalı girilen bir sonuç düzeltilirse kupon yeniden sonuçlandırılır; fazla ödenen tutar bakiyeden geri alınır.',
        '',
        '4. Kupon iptali ve satışı',
        '- Maç öncesi bir kupon, oynandıktan sonraki iptal süresi içinde (bu demoda 5 dakika), kupondaki hiçbir maç başlamamış ve hiçbir seçim sonuçlanmamışsa Kuponlarım sayfasından iptal edilebilir; tutar bakiyenize döner. Canlı kuponlar iptal edilemez.',
        '- Bekleyen tekli ve kombine kuponlar için bir satış tutarı önerilebilir. Satışı onayladığınızda tutar hemen ödenir ve kupon kapanır.',
        '',
        '5. Değişiklikler',
        'Bu kurallar değişebilir; geçerli metin her zaman bu sayfadadır.',
      ),
      en: lines(
        `These terms apply to everyone who opens an account and bets on ${name}. This is a demo site: no real money is used.`,
        '',
        '1. Account',
        '- You must be 18 or over to register and play; you may be asked to prove your age.',
        '- One account per person. Further accounts of the same person are closed, and their bets may be declared void.',
        '- Do not share your password; you are responsible for what is done from your account.',
        '',
        '2. Accepting bets',
        '- A coupon is accepted at the odds shown on it when it is confirmed. If the odds changed when you send it, the coupon is refused; with "Accept odds changes" ticked it is accepted at the current odds, which the coupon then shows.',
        '- Live bets are accepted after a short acceptance delay. No pre-match bet is taken on a match that has started.',
        '- Bets taken at obviously wrong odds or after the start of a match may be voided; the stake is returned.',
        '- The lowest and highest stake and the highest payout are shown on the betslip.',
        '',
        '3. Settlement',
        '- Bets are settled on the official result under the rule of their bet type (e.g. regular time in football).',
        '- Every selection on a match that will not be played (cancelled) is void. On an abandoned match, bets whose outcome was already decided stand, the others are void. A postponed match waits for its new date.',
        '- A void selection counts at odds 1.00: a single coupon returns its stake, a combined coupon goes on with its other selections.',
        '- If a wrong result is corrected, the coupon is settled again; an amount paid too much is taken back from the balance.',
        '',
        '4. Cancelling and selling a coupon',
        '- A pre-match coupon can be cancelled in My coupons within the cancel period after it was placed (5 minutes in this demo), as long as none of its matches has started and no selection is settled; the stake returns to your balance. Live coupons cannot be cancelled.',
        '- A waiting single or combined coupon may be offered a sale price. Once you confirm the sale, the amount is paid at once and the coupon is closed.',
        '',
        '5. Changes',
        'These terms may change; the version in force is always on this page.',
      ),
    },
  };
}

function responsibleGaming({ name }: DemoBrand): PageText {
  return {
    titles: { tr: 'Sorumlu Oyun', en: 'Responsible Gaming' },
    bodies: {
      tr: lines(
        `Bahis bir eğlence olmalı, gelir kaynağı değil. ${name} bir demo sitesidir ve gerçek para kullanılmaz; aşağıdaki ilkeler gerçek bir operatörde olduğu gibi yazılmıştır.`,
        '',
        'Kendinizi koruyun:',
        '- Yalnızca kaybetmeyi göze alabileceğiniz para ve zamanla oynayın.',
        '- Kayıplarınızı geri kazanmak için tutarları artırmayın.',
        '- Düzenli ara verin; yorgunken, üzgünken veya alkollüyken oynamayın.',
        '',
        'Limitler: kupon başına en yüksek tutarınızın düşürülmesini veya spor, canlı bahis ya da casino gibi ürünlerin hesabınıza kapatılmasını İletişim formundan (konu: Hesabım) isteyebilirsiniz. Limit düşürme istekleri hemen uygulanır.',
        '',
        'Kendini dışlama: ara vermek isterseniz destek ekibimize yazın; hesabınızı belirlediğiniz süre boyunca (en az 6 ay) veya süresiz kapatırız. Bu sürede giriş yapamaz ve oynayamazsınız, hesabınızı erken açtıramazsınız.',
        '',
        'Uyarı işaretleri: planladığınızdan fazla oynamak, borç alarak oynamak, oyunu ailenizden gizlemek veya oynayamadığınızda huzursuz olmak. Bunlardan birini yaşıyorsanız, ülkenizdeki ücretsiz ve gizli bağımlılık danışma hattına veya Kumarbazlar Anonim gibi destek gruplarına başvurun; aile hekiminiz de sizi doğru yere yönlendirebilir.',
        '',
        '18 yaşından küçüklerin bahis oynaması yasaktır. Çocukların kullandığı cihazlarda hesabınızdan çıkış yapın.',
      ),
      en: lines(
        `Betting should be entertainment, not a source of income. ${name} is a demo site and uses no real money; the principles below are written as a real operator would apply them.`,
        '',
        'Protect yourself:',
        '- Play only with money and time you can afford to lose.',
        '- Do not raise your stakes to win back losses.',
        '- Take regular breaks; do not play when tired, upset or drunk.',
        '',
        'Limits: through the contact form (topic: My account) you can ask for a lower highest stake per coupon, or for products such as sports, live betting or casino to be closed on your account. Lower limits apply at once.',
        '',
        'Self-exclusion: if you want a break, write to our support team; we close your account for the period you choose (at least 6 months) or for good. During that time you cannot log in or play, and the account is not reopened early.',
        '',
        'Warning signs: playing more than you planned, borrowing to play, hiding your play from your family, or feeling restless when you cannot play. If any of these sounds familiar, contact the free and confidential gambling help line of your country or a support group such as Gamblers Anonymous; your doctor can also point you to the right help.',
        '',
        'Betting by anyone under 18 is forbidden. Log out on devices that children use.',
      ),
    },
  };
}

function faq({ moneyByLiveChat }: DemoBrand): PageText {
  return {
    titles: { tr: 'Sıkça Sorulan Sorular', en: 'Frequently Asked Questions' },
    bodies: {
      tr: lines(
        'Gerçek parayla mı oynuyorum?',
        'Hayır. Bu bir demo sitesidir; bakiyeler sanal birimlerdir ve hiçbir ödeme gerçek değildir.',
        '',
        'Nasıl para yatırırım?',
        moneyByLiveChat
          ? 'Giriş yaptıktan sonra Para Yatır düğmesine tıklayın: canlı destek açılır, temsilcimiz ödeme bilgilerini verir ve ödemeniz onaylanınca tutar bakiyenize eklenir.'
          : 'Giriş yaptıktan sonra Para Yatır sayfasında bir ödeme yöntemi seçip tutarı girin. Ödeme onaylanınca tutar bakiyenize eklenir. Bu demoda ödeme sağlayıcısı bir simülasyondur; gerçek kart bilgisi girmeyin.',
        '',
        'Nasıl para çekerim?',
        moneyByLiveChat
          ? 'Para Çek düğmesine tıklayın: canlı destek açılır, temsilcimiz talebinizi alır. Tutar bakiyenizden hemen ayrılır ve ödendiğinde talebiniz kapanır; ilk çekimden önce kimliğiniz doğrulanır.'
          : 'Para Çek sayfasında yöntemi (ör. IBAN) ve tutarı girin. Tutar bakiyenizden hemen ayrılır ve ekibimiz onaylayınca ödenir; reddedilirse bakiyenize döner. Aynı anda tek bir bekleyen talebiniz olabilir.',
        '',
        'Tekli, kombine ve sistem kupon nedir?',
        'Tekli kupon tek bir seçimdir. Kombine kuponda bütün seçimlerin tutması gerekir ve oranlar çarpılır. Sistem kuponu seçimlerinizden belirli sayıda olanların bütün kombinasyonlarını oynar (ör. 3 seçimden 2/3 sistem: 3 ayrı ikili kupon); birkaçı tutmasa da kazanabilirsiniz. Banko olarak işaretlediğiniz seçim her kombinasyonda yer alır: tutmazsa o kombinasyonların hepsi kaybeder.',
        '',
        'Kuponumu iptal edebilir veya satabilir miyim?',
        'Maç öncesi bir kuponu, iptal süresi içinde (bu demoda 5 dakika) ve kupondaki hiçbir maç başlamadan Kuponlarım sayfasından iptal edebilirsiniz; tutar bakiyenize döner. Canlı kuponlar iptal edilemez. Bekleyen bir kupon için satış tutarı önerildiğinde kuponu o tutara satıp parayı hemen alabilirsiniz.',
        '',
        'Oranlar neden değişti?',
        'Oranlar maçın gidişatına ve piyasaya göre sürekli güncellenir; canlı maçlarda saniyeler içinde değişebilir. Gönderdiğiniz oranlar güncel değilse kupon reddedilir ve yeni oranlar gösterilir. "Oran değişikliklerini kabul et" seçiliyse kupon güncel oranlarla kabul edilir. Kilitli görünen bir bahse geçici olarak bahis alınmaz.',
        '',
        'Şifremi unuttum, ne yapmalıyım?',
        'Giriş penceresinde Şifremi Unuttum bağlantısına tıklayın ve kullanıcı adınızı veya e-postanızı girin; şifre yenileme bağlantısı hesabınızdaki e-posta adresine gönderilir. (Bu demoda e-postalar gönderilmez, yönetim panelindeki posta kutusunda tutulur.)',
        '',
        'Destek ekibine nasıl ulaşırım?',
        'Sayfanın altındaki İletişim bağlantısından (/tr/contact) iletişim formunu doldurun; konuyu seçin, sorunuzu yazın. Yanıtımız e-posta ile gelir.',
      ),
      en: lines(
        'Am I playing with real money?',
        'No. This is a demo site; balances are play units and no payment is real.',
        '',
        'How do I deposit?',
        moneyByLiveChat
          ? 'Once logged in, click Deposit: the live chat opens, our agent gives you the payment details, and the amount is added to your balance once your payment is confirmed.'
          : 'Once logged in, open Deposit, choose a payment method and enter the amount. The amount is added to your balance once the payment is confirmed. In this demo the payment provider is simulated; do not enter real card details.',
        '',
        'How do I withdraw?',
        moneyByLiveChat
          ? 'Click Withdraw: the live chat opens and our agent takes your request. The amount is set aside from your balance at once and the request closes when it is paid; your identity is verified before the first withdrawal.'
          : 'Open Withdraw and enter the method (e.g. IBAN) and the amount. The amount is set aside from your balance at once and paid when our team approves it; if it is rejected, it returns to your balance. You can have one pending request at a time.',
        '',
        'What are single, combined and system coupons?',
        'A single coupon is one selection. A combined coupon needs every selection to win, and its odds are multiplied. A system coupon plays every combination of a given size of your selections (e.g. a 2/3 system of 3 selections: 3 separate doubles), so it can win even if some selections lose. A selection marked as banker is in every combination: if it loses, all of them lose.',
        '',
        'Can I cancel or sell my coupon?',
        'A pre-match coupon can be cancelled in My coupons within the cancel period (5 minutes in this demo) and before any of its matches starts; the stake returns to your balance. Live coupons cannot be cancelled. When a waiting coupon is offered a sale price, you can sell it for that amount and get the money at once.',
        '',
        'Why did the odds change?',
        'Odds follow the match and the market all the time; in live matches they can change within seconds. If the odds you sent are no longer current, the coupon is refused and the new odds are shown. With "Accept odds changes" ticked, the coupon is accepted at the current odds. A bet shown as locked takes no bets for the moment.',
        '',
        'I forgot my password. What do I do?',
        'Click Forgot password in the login window and enter your user name or e-mail; a link to set a new password is sent to the e-mail address of your account. (In this demo no e-mail leaves the site; it is kept in the mail outbox of the back office.)',
        '',
        'How do I reach support?',
        'Fill in the contact form through the Contact link at the bottom of the page (/en/contact): choose a topic and write your question. We answer by e-mail.',
      ),
    },
  };
}

function dictionary(): PageText {
  return {
    titles: { tr: 'Bahis Sözlüğü', en: 'Betting Dictionary' },
    bodies: {
      tr: lines(
        'Oran: bir seçim tutarsa yatırılan tutarın kaç katının ödeneceği. 2,50 oranla 10 birim, tutarsa 25 birim öder.',
        '',
        '1X2 (Maç Sonucu): 1 ev sahibi kazanır, X beraberlik, 2 deplasman kazanır.',
        '',
        'Çifte Şans: üç sonuçtan ikisi birden: 1X, 12 veya X2.',
        '',
        'Handikap: bir takıma sanal avantaj veya dezavantaj verilir; sonuç handikap eklenerek değerlendirilir. Tam sayılı handikapta (ör. -1) sonuç tam çizgiye denk gelirse bahis iade edilir; çeyrek çizgide (ör. -0,75) tutarın yarısı komşu iki çizgiye ayrı ayrı oynanır.',
        '',
        'Alt/Üst: toplam gol (veya sayı) çizginin altında mı üstünde mi? 2,5 Üst, maçta en az 3 gol olursa kazanır.',
        '',
        'Tekli: tek seçimli kupon.',
        '',
        'Kombine: birden fazla seçimin tek kuponda oynanması; oranlar çarpılır ve bütün seçimlerin tutması gerekir.',
        '',
        'Sistem (ör. 2/3): seçimlerinizden belirli sayıda olanların bütün kombinasyonları. 2/3, üç seçimden kurulabilen üç ikili kuponu oynar; 2/3 ve 3/3 birlikte dört kupon eder. Toplam tutar kombinasyon sayısına bölünür.',
        '',
        'Banko: sistem kuponunda her kombinasyona giren seçim. Banko tutmazsa bütün kombinasyonlar kaybeder.',
        '',
        'Canlı bahis: başlamış bir maça oynanan bahis; kısa bir onay süresinden sonra kabul edilir.',
        '',
        'Kupon satışı (Cash out): bekleyen bir kuponu, maçlar bitmeden önerilen tutara satmak.',
        '',
        'İptal (Void): geçersiz sayılan seçim. 1,00 oranla hesaplanır: tekli kuponda tutar iade edilir, kombinede kupon kalan seçimlerle devam eder.',
        '',
        'Maksimum ödeme: bir kuponun ödeyebileceği en yüksek tutar; kazanç bunu aşarsa bu tutar ödenir.',
      ),
      en: lines(
        'Odds: how many times the stake a selection pays if it wins. 10 units at odds 2.50 pay 25 units.',
        '',
        '1X2 (Match result): 1 the home team wins, X a draw, 2 the away team wins.',
        '',
        'Double chance: two of the three results at once: 1X, 12 or X2.',
        '',
        'Handicap: one team gets a virtual head start or deficit, and the result is judged with it added. On a whole line (e.g. -1) a result landing exactly on the line returns the stake; on a quarter line (e.g. -0.75) half the stake goes on each of the two neighbouring lines.',
        '',
        'Over/Under: are the total goals (or points) above or below the line? Over 2.5 wins if the match has at least 3 goals.',
        '',
        'Single: a coupon of one selection.',
        '',
        'Combined (accumulator): several selections on one coupon; the odds are multiplied and every selection must win.',
        '',
        'System (e.g. 2/3): every combination of a given size of your selections. A 2/3 plays the three doubles that three selections make; 2/3 and 3/3 together make four tickets. The total stake is split across the combinations.',
        '',
        'Banker: a selection that is in every combination of a system coupon. If the banker loses, every combination loses.',
        '',
        'Live bet: a bet on a match in play; accepted after a short acceptance delay.',
        '',
        'Cash out (sell): selling a waiting coupon for the offered amount before its matches are over.',
        '',
        'Void: a selection that does not count. It is settled at odds 1.00: a single coupon returns its stake, a combined coupon goes on with its other selections.',
        '',
        'Maximum payout: the most a coupon can pay; if the winnings are higher, this amount is paid.',
      ),
    },
  };
}

function antiMoneyLaundering({ name }: DemoBrand): PageText {
  return {
    titles: { tr: 'Kara Para Aklamayı Önleme (AML) Politikası', en: 'Anti-Money Laundering (AML) Policy' },
    bodies: {
      tr: lines(
        `${name} olarak sitemizin kara para aklamak veya suç gelirlerini gizlemek için kullanılmasına izin vermeyiz. Bu bir demo sitesidir: gerçek ödeme yapılmaz, ilkeler gerçek bir operatörde olduğu gibi yazılmıştır.`,
        '',
        '- Kimlik: müşterilerimizi tanırız; kimlik doğrulaması Gizlilik Politikası ve KYC sayfasında anlatılır.',
        '- Kendi adınıza ödeme: para yatırma ve çekme yalnızca size ait yöntemlerle yapılır; üçüncü kişilerden veya üçüncü kişilere ödeme kabul edilmez.',
        '- Amaca uygun kullanım: yatırılan para bahis için kullanılmalıdır. Oynamadan yatırılıp çekilen tutarlar incelenebilir.',
        '- İzleme: olağan dışı işlemler (ani büyük tutarlar, kısa sürede çok sayıda yatırım veya çekim, birbirine bağlı hesaplar) izlenir. Paranın kaynağını belgelemeniz istenebilir; inceleme bitene kadar çekim bekletilebilir.',
        '- Bildirim: şüpheli işlemler yasanın öngördüğü şekilde yetkili mali suçlar birimine bildirilir ve hesap kapatılabilir.',
        '- Kayıt: işlem ve kimlik kayıtları yasal süre boyunca saklanır.',
        '',
        'Sorularınız için canlı destek veya İletişim formu üzerinden bize ulaşın.',
      ),
      en: lines(
        `${name} does not allow its site to be used to launder money or hide the proceeds of crime. This is a demo site: no real payments are made; the principles are written as a real operator would apply them.`,
        '',
        '- Identity: we know our customers; identity verification is described on the Privacy Policy and KYC page.',
        '- Payments in your own name: deposits and withdrawals use only methods that belong to you; no payments from or to third parties are accepted.',
        '- Use for its purpose: deposited money is meant for betting. Amounts deposited and withdrawn without play may be reviewed.',
        '- Monitoring: unusual activity (sudden large amounts, many deposits or withdrawals in a short time, linked accounts) is monitored. You may be asked to document the source of your funds; withdrawals may wait until the review is done.',
        '- Reporting: suspicious transactions are reported to the competent financial intelligence unit as the law requires, and the account may be closed.',
        '- Records: transaction and identity records are kept for the legal period.',
        '',
        'For questions, reach us through the live chat or the contact form.',
      ),
    },
  };
}

/** The demo pages of one brand, by the footer's page ids: the compliance page only where the footer links it. */
export function demoPages(brand: DemoBrand): readonly StaticPage[] {
  const pages: (readonly [string, PageText])[] = [
    ['7', about(brand)],
    ['8', privacy(brand)],
    ['9', terms(brand)],
    ['10', responsibleGaming(brand)],
    ['6', faq(brand)],
    ['5', dictionary()],
    ...(brand.moneyByLiveChat ? [['15', antiMoneyLaundering(brand)] as const] : []),
  ];
  return pages.map(([id, page]) => ({ id, titles: page.titles, bodies: page.bodies, published: true }));
}

type SeededItem = { readonly id: string };
/** What the seed writes: pages, home banners and bonus offers, saved as the back office saves them. */
type SeedCommand = Extract<ContentCommand, { type: 'SavePage' | 'SaveBanner' | 'SaveBonusOffer' }>;

interface SeedState {
  readonly content: ContentState;
  /** `<kind>:<id>` of every item the site has ever had, removed or not. */
  readonly ever: ReadonlySet<string>;
}

const ADDED: Partial<Record<ContentEvent['type'], SeedCommand['type']>> = { PageAdded: 'SavePage', BannerAdded: 'SaveBanner', BonusOfferAdded: 'SaveBonusOffer' };

/**
 * The content decider, adding an item only where the site never had one by that id: an item an
 * operator has changed or removed since is never touched or brought back. Decided on the stream's
 * state like any save, so a second api process seeding at the same moment adds nothing twice.
 */
const addIfNeverThere: Decider<SeedState, SeedCommand, ContentEvent> = {
  initialState: { content: contentDecider.initialState, ever: new Set() },
  evolve: (state, event) => {
    const kind = ADDED[event.type];
    const content = contentDecider.evolve(state.content, event);
    if (!kind) return { content, ever: state.ever };
    const ever = new Set(state.ever);
    ever.add(`${kind}:${(event.data as { item: SeededItem }).item.id}`);
    return { content, ever };
  },
  decide: (command, state, context) => (state.ever.has(`${command.type}:${command.item.id}`) ? [] : contentDecider.decide(command, state.content, context)),
};

/**
 * Writes the demo brands' info pages, home banners and welcome bonus (`npm start`, after `seedDemo`)
 * as the back office saves them: `SavePage`, `SaveBanner`, `SaveBonusOffer` on the brand's content
 * stream, by `system`. An item the site ever had is left as it is or stays removed, so a restart
 * records nothing and an operator's removal holds. Returns how many items it added.
 */
export async function seedDemoContent(services: Pick<MoneyServices, 'commands' | 'clock'>): Promise<number> {
  let added = 0;
  for (const site of DEMO_SITES) {
    const items: SeedCommand[] = [];
    const at = services.clock();
    const base = { siteId: site.siteId, byUserId: 'system', now: at.toISOString() };
    for (const item of demoPages({ name: site.name, moneyByLiveChat: site.settings.moneyByLiveChat ?? false })) items.push({ type: 'SavePage', ...base, item });
    for (const item of demoBanners(site.siteId)) items.push({ type: 'SaveBanner', ...base, item });
    for (const item of demoBonusOffers()) items.push({ type: 'SaveBonusOffer', ...base, item });
    for (const command of items) {
      const outcome = await services.commands.run(contentStream(site.siteId), addIfNeverThere, command, systemMeta(at));
      if (!outcome.ok) throw new Error(`seed ${command.type} ${command.item.id} of ${site.siteId}: ${outcome.error.code}`);
      added += outcome.events.length;
    }
  }
  return added;
}

/** Demo news articles about the Syrian property market, Arabic and English in separate fields. */
export type SeedArticle = { title_ar: string; title_en: string; body_ar: string; body_en: string; /** ISO date */ created_at: string; /** a hue 0..359 for the generated cover image */ hue: number };

/** Paragraphs are joined with a blank line ("\n\n"). */
const paragraphs = (...p: string[]): string => p.join("\n\n");

export const articles: SeedArticle[] = [
  // 1-3: the site's services (home page "our services" cards)
  {
    title_ar: "أعلن عن عقارك مجاناً خلال دقائق",
    title_en: "List your property for free in minutes",
    body_ar: paragraphs(
      "يتيح لك عقار سوريا نشر إعلان عقارك للبيع أو الإيجار أو الحجز السياحي دون أي رسوم. كل ما تحتاجه رقم هاتف فعّال لإنشاء حسابك، ثم تملأ بيانات العقار من موقع ومساحة وعدد غرف ونوع الإكساء والسعر المطلوب، وتضيف صوراً واضحة له.",
      "يراجع فريقنا كل إعلان قبل نشره للتأكد من صحة المعلومات وجودة الصور والتزامه بشروط النشر، ولا تتجاوز مدة المراجعة أربعاً وعشرين ساعة في أقصى الأحوال. وإذا تعذّرت الموافقة على الإعلان يظهر لك سبب الرفض بوضوح، لتعدّله وتعيد إرساله.",
      "بعد النشر يبقى الإعلان تحت تصرفك بالكامل: تستطيع تعديل السعر أو استبدال الصور أو تحديث التفاصيل متى شئت، كما يمكنك حذفه نهائياً عند بيع العقار أو تأجيره.",
      "نصيحتنا: التقط الصور في ضوء النهار، وابدأ بصورة الواجهة أو الصالون، واذكر السعر بوضوح؛ فالإعلانات المكتملة تحظى باهتمام أكبر واتصالات أكثر جدية.",
    ),
    body_en: paragraphs(
      "Aqar Syria lets you advertise your property for sale, for rent or as a holiday let without paying anything. All you need is an active phone number to create your account. Then fill in the details, such as location, area, number of rooms, finishing and asking price, and add some clear photos.",
      "Our team reviews every listing before it goes live, checking that the information is accurate, the photos are usable and nothing breaks our posting rules. Review takes 24 hours at most. If a listing can't be approved, you will see the reason for the rejection so you can fix it and resubmit.",
      "Once published, the listing stays fully under your control: change the price, swap the photos or update the details whenever you like, and delete it as soon as the property is sold or let.",
      "A tip from us: take photos in daylight, lead with the façade or the living room, and state the price clearly. Complete listings get more attention and more serious calls.",
    ),
    created_at: "2026-01-08T09:00:00.000Z",
    hue: 12,
  },
  {
    title_ar: "دليل المكاتب العقارية: وسيط موثوق في مدينتك",
    title_en: "Find a trusted real-estate office near you",
    body_ar: paragraphs(
      "يضم عقار سوريا دليلاً للمكاتب العقارية والوسطاء في مختلف المحافظات، يعرض لكل مكتب عنوانه ووسائل التواصل معه والعقارات التي ينشرها على الموقع، لتقارن بين المكاتب قبل أن تتواصل مع أيٍّ منها.",
      "يفيدك الوسيط الجيد في معرفة الأسعار الحقيقية في المنطقة، وفي ترتيب مواعيد المعاينة، وفي متابعة الأوراق حتى إتمام البيع أو توقيع عقد الإيجار. لذلك ننصح باختيار مكتب قريب من المنطقة التي تبحث فيها، فهو أدرى بأحيائها وأسعارها.",
      "قبل الاتفاق مع أي مكتب، اسأل عن نسبة العمولة ومن يتحمّلها، واطلب أن يُكتب الاتفاق بوضوح، ولا تدفع أي عربون قبل أن تعاين العقار بنفسك وتطّلع على أوراق ملكيته.",
      "وإذا كنت صاحب مكتب عقاري، يمكنك إنشاء حساب لمكتبك ونشر عقاراتك مجاناً، لتصل إلى الباحثين عن بيت أو محل أو أرض في كل المحافظات السورية.",
    ),
    body_en: paragraphs(
      "Aqar Syria includes a directory of real-estate offices and agents across the governorates. Each office has a page with its address, contact details and the properties it lists on the site, so you can compare offices before getting in touch with any of them.",
      "A good agent knows what properties in the area really sell or rent for, arranges viewings and follows the paperwork through to the sale or the signing of the lease. That is why we recommend choosing an office close to where you are searching: it will know the streets and the prices best.",
      "Before agreeing to work with an office, ask what the commission is and who pays it, and get the agreement in writing. Never pay a deposit before you have seen the property yourself and checked its ownership documents.",
      "If you run a real-estate office, you can open an account for it and list your properties for free, reaching people looking for homes, shops and land all over Syria.",
    ),
    created_at: "2026-01-22T09:00:00.000Z",
    hue: 205,
  },
  {
    title_ar: "استشارة عقارية مجانية قبل أن تقرر",
    title_en: "Free property advice before you decide",
    body_ar: paragraphs(
      "شراء بيت أو استئجاره قرار كبير، ولا سيما مع تقلّب الأسعار وتعدّد أشكال الملكية في سوريا. لهذا يقدّم عقار سوريا استشارة عقارية مجانية تساعدك على فهم خياراتك قبل أن تدفع أي مبلغ.",
      "أرسل سؤالك من خلال نموذج التواصل في الموقع: هل السعر المطلوب مناسب للمنطقة؟ ما الأوراق التي يجب أن أطلبها من البائع؟ ما الفرق بين الطابو الأخضر وحكم المحكمة والوكالة؟ كيف أكتب عقد إيجار يحفظ حقي؟ وسيتواصل معك أحد أفراد فريقنا أو أحد المكاتب المتعاونة معنا للإجابة.",
      "الاستشارة التي نقدّمها إرشادية، غايتها توضيح الصورة العامة، ولا تغني عن مراجعة محامٍ أو الدوائر الرسمية عند توقيع العقود ونقل الملكية. وتذكّر أن الأسعار التي يذكرها الوسطاء تقديرات لسوق متغيّرة، وليست أسعاراً رسمية.",
    ),
    body_en: paragraphs(
      "Buying or renting a home is a big decision, especially with prices on the move and so many kinds of ownership documents in Syria. That is why Aqar Syria offers free real-estate consultation to help you understand your options before you pay anything.",
      "Send your question through the contact form on the site. Is the asking price reasonable for the area? Which documents should I ask the seller for? What is the difference between a green tabu deed, a court ruling and a power of attorney? How do I write a lease that protects me? A member of our team or one of our partner offices will get back to you.",
      "Our advice is for guidance and meant to give you a clear overall picture. It does not replace a lawyer or the official authorities when you sign contracts or transfer ownership. And remember that the prices agents quote are estimates in a changing market, not official prices.",
    ),
    created_at: "2026-02-10T09:00:00.000Z",
    hue: 140,
  },

  // 4-6: latest articles on the home page
  {
    title_ar: "إيجارات دمشق في 2026: جولة على الأحياء",
    title_en: "Renting in Damascus in 2026: a neighbourhood overview",
    body_ar: paragraphs(
      "ما زال الطلب على الشقق المفروشة وغير المفروشة في دمشق مرتفعاً، مدفوعاً بعودة عائلات كثيرة إلى المدينة وانتقال موظفين وطلاب إليها. ويلاحظ الوسطاء أن الإيجارات تتفاوت كثيراً من حي إلى آخر، وأن مؤجرين كثيرين باتوا يحدّدون الأجرة بالدولار أو يربطونها بسعر الصرف.",
      "تبقى أحياء المالكي وأبو رمانة وفيلات المزة الغربية في أعلى السلّم السعري، تليها كفرسوسة والمزة والشعلان. أما ركن الدين والميدان والقصاع وباب توما فتقدّم خيارات متوسطة، في حين تبقى ضواحٍ مثل جرمانا وصحنايا وقدسيا والتل الخيار الأوفر لمن يقبل بإيجار أقل مقابل مسافة أطول إلى مركز المدينة.",
      "ينصح الوسطاء المستأجرين بالسؤال عن وضع الكهرباء، وعن وجود منظومة طاقة شمسية أو بطاريات، وعن مصدر المياه، لأن هذه التفاصيل صارت تؤثر في قيمة الإيجار بقدر ما يؤثر الموقع. كما يُستحسن الاتفاق صراحةً على مدة العقد وطريقة الدفع، شهرياً أو كل ثلاثة أشهر أو ستة، قبل التوقيع.",
      "الأرقام التي تراها في الإعلانات هي ما يطلبه المالكون أو يقدّره الوسطاء، وغالباً ما يبقى هامش للتفاوض، خاصةً في العقود الطويلة.",
    ),
    body_en: paragraphs(
      "Demand for furnished and unfurnished flats in Damascus remains strong, driven by families returning to the city and by employees and students moving there. Agents note that rents vary widely from one neighbourhood to the next, and that more and more landlords quote rent in US dollars or tie it to the exchange rate.",
      "Malki, Abu Rummaneh and Mezzeh Western Villas remain at the top of the price range, followed by Kafr Souseh, Mezzeh and Shaalan. Rukn al-Din, Midan, Qassaa and Bab Touma offer mid-range options, while suburbs such as Jaramana, Sahnaya, Qudsaya and al-Tall are the most affordable choice for those willing to trade a lower rent for a longer trip into the centre.",
      "Agents advise tenants to ask about the electricity supply, whether the flat has a solar power system or batteries, and where the water comes from. These details now affect rent almost as much as location does. Agree clearly on the length of the lease and how rent is paid, monthly, quarterly or every six months, before you sign.",
      "The figures you see in listings are what owners ask or agents estimate, and there is usually room to negotiate, especially on longer leases.",
    ),
    created_at: "2026-03-04T09:00:00.000Z",
    hue: 35,
  },
  {
    title_ar: "كيف تشتري عقاراً بأمان؟ الطابو والوكالة وحكم المحكمة",
    title_en: "Buying property safely: tabu deeds, powers of attorney and court rulings",
    body_ar: paragraphs(
      "أول ما يجب أن تسأل عنه قبل شراء أي عقار هو نوع سند الملكية. فالطابو الأخضر، أي سند التمليك المسجّل في السجل العقاري لدى مديرية المصالح العقارية، هو أقوى أشكال الملكية وأوضحها. اطلب بيان قيد عقاري حديثاً لتتأكد من اسم المالك ومن خلوّ العقار من الرهون وإشارات الحجز والدعاوى.",
      "في حالات كثيرة يُباع العقار بموجب وكالة عدلية غير قابلة للعزل، أو بحكم محكمة، أو بعقد لدى جمعية سكنية، أو بحصص على الشيوع في عقار غير مفرز. هذه الأشكال شائعة في السوق، لكنها تحتاج إلى تدقيق أكبر: تحقّق من الوكالة لدى الكاتب بالعدل الذي نظّمها، وتأكد من سريانها ومن أنها تخوّل الوكيل البيع صراحةً، وتتبّع سلسلة البيوع السابقة إن وُجدت.",
      "لا تدفع الثمن كاملاً قبل التحقق من الأوراق، واكتب في عقد البيع المبلغ وطريقة الدفع وموعد التسليم بوضوح، ويُستحسن أن يطّلع محامٍ على الأوراق قبل التوقيع. وإذا كان العقار مؤجَّراً أو مشغولاً، فاتفق كتابةً على موعد إخلائه.",
      "وتذكّر أن عقار سوريا منصة للإعلان والتواصل، وأن التحقق القانوني من الملكية مسؤولية الطرفين والجهات الرسمية المختصة.",
    ),
    body_en: paragraphs(
      "The first thing to ask about before buying any property is the type of ownership document. The green tabu, a title deed recorded in the land registry of the Real Estate Directorate, is the strongest and clearest form of ownership. Ask for a recent land registry statement to confirm the owner's name and make sure there are no mortgages, seizure notes or lawsuits recorded against the property.",
      "Many properties are sold through an irrevocable power of attorney drawn up by a notary, through a court ruling, through a contract with a housing cooperative, or as shares in an undivided plot. These are common in the market, but they call for closer checks: verify the power of attorney with the notary who issued it, make sure it is still valid and explicitly authorises the sale, and trace any earlier sales in the chain.",
      "Don't pay the full price before the documents are checked. Write the amount, the payment schedule and the handover date clearly in the sale contract, and ideally have a lawyer review the papers before you sign. If the property is rented out or occupied, agree in writing on when it will be vacated.",
      "Keep in mind that Aqar Syria is a platform for listings and contact; checking ownership legally is the responsibility of both parties and the competent authorities.",
    ),
    created_at: "2026-04-02T09:00:00.000Z",
    hue: 265,
  },
  {
    title_ar: "موسم الاصطياف: الساحل وبلودان والزبداني",
    title_en: "Summer season: the coast, Bloudan and Zabadani",
    body_ar: paragraphs(
      "مع اقتراب الصيف يزداد البحث عن شاليهات وشقق مفروشة للإيجار اليومي والأسبوعي على الساحل السوري، ولا سيما في اللاذقية وجبلة وطرطوس وبانياس، وكذلك في المصايف الجبلية القريبة من دمشق مثل بلودان والزبداني ومضايا، حيث تقصدها العائلات هرباً من حرّ المدينة.",
      "يبدأ الحجز عادةً قبل أسابيع من ذروة الموسم، وتبلغ الأسعار أعلاها في عطلة عيد الأضحى وفي شهري تموز وآب، ثم تنخفض بوضوح في أيلول. لذلك قد تجد عروضاً أفضل إذا كانت إجازتك في بداية الموسم أو نهايته، أو إذا حجزت لمدة أطول.",
      "قبل تحويل أي عربون، اطلب صوراً حديثة ومقطع فيديو للمكان، واسأل عن المسافة الفعلية إلى البحر، وعن توفر الكهرباء والمياه والإنترنت، وعن عدد الأشخاص المسموح به. ويُفضَّل أن تتفق مع المؤجر كتابةً، ولو برسالة، على السعر وتاريخَي الدخول والخروج وشروط استرداد العربون.",
      "في قسم الحجز السياحي على عقار سوريا تجد شاليهات وشققاً للإيجار اليومي والأسبوعي، ويمكنك التواصل مع المالك أو المكتب مباشرةً.",
    ),
    body_en: paragraphs(
      "As summer approaches, searches for chalets and furnished flats to rent by the day or week on the Syrian coast pick up, especially in Latakia, Jableh, Tartus and Baniyas. So do searches in the mountain resorts near Damascus, such as Bloudan, Zabadani and Madaya, where families go to escape the city heat.",
      "Bookings usually start weeks before the peak. Prices are highest over the Eid al-Adha holiday and in July and August, then drop noticeably in September. You may find better deals at the start or end of the season, or by booking for longer.",
      "Before transferring any deposit, ask for recent photos and a video of the place, and check the real distance to the sea, whether electricity, water and internet are available, and how many guests are allowed. Agree with the owner in writing, even by text message, on the price, the check-in and check-out dates and the terms for refunding the deposit.",
      "In the holiday rentals section of Aqar Syria you will find chalets and flats to rent by the day or week, and you can contact the owner or office directly.",
    ),
    created_at: "2026-05-06T09:00:00.000Z",
    hue: 190,
  },

  // 7-12: market news and guides
  {
    title_ar: "كم يكلّف إكساء شقة اليوم؟",
    title_en: "What does it cost to finish a flat today?",
    body_ar: paragraphs(
      "تكلفة البناء والإكساء من أكثر الأسئلة التي تصلنا، والإجابة الدقيقة صعبة، لأن أسعار مواد البناء كالحديد والإسمنت والبلاط والألمنيوم تتغيّر مع سعر الصرف وتكاليف النقل، وقد تختلف من محافظة إلى أخرى ومن شهر إلى آخر.",
      "يقدّر المقاولون كلفة الإكساء عادةً بالمتر المربع، وتتوقف على مستوى التشطيب: إكساء عادي ببلاط محلي وأبواب خشبية بسيطة، أو إكساء جيد، أو إكساء ديلوكس برخام وجبصين وتمديدات حديثة. وتشكّل التمديدات الصحية والكهربائية والمطبخ والحمامات جزءاً كبيراً من الكلفة، ولا يُنصح بالتوفير فيها لأن إصلاحها لاحقاً أغلى بكثير.",
      "قبل أن تبدأ، اطلب عرض سعر مكتوباً ومفصّلاً من أكثر من معلّم أو مقاول، يحدّد نوع المواد وماركاتها ومدة التنفيذ، ويربط الدفعات بمراحل العمل. واحتفظ بهامش للطوارئ لا يقل عن عُشر الميزانية.",
      "وإذا كنت تفكر في شراء شقة على العظم وإكسائها بنفسك، فاجمع كلفة الإكساء إلى سعر الشراء، وقارن المجموع بسعر شقة جاهزة في الحي نفسه؛ فقد يتبيّن لك أن الفرق أقل مما تتوقع.",
    ),
    body_en: paragraphs(
      "The cost of building and finishing is one of the questions we hear most, and a precise answer is hard to give. Prices of building materials such as steel, cement, tiles and aluminium move with the exchange rate and transport costs, and can differ from one governorate to another and from month to month.",
      "Contractors usually price finishing per square metre, depending on the grade: standard finishing with local tiles and simple wooden doors, good finishing, or deluxe finishing with marble, gypsum ceilings and modern fittings. Plumbing, electrical wiring, the kitchen and the bathrooms make up a large share of the cost, and this is not the place to cut corners, because fixing them later costs far more.",
      "Before you start, get detailed written quotes from more than one tradesman or contractor, stating the materials and brands and the schedule, with payments tied to stages of the work. Keep a contingency of at least a tenth of the budget.",
      "If you are thinking of buying a shell flat and finishing it yourself, add the finishing cost to the purchase price and compare the total with a ready flat in the same neighbourhood. The difference may be smaller than you expect.",
    ),
    created_at: "2026-06-03T09:00:00.000Z",
    hue: 320,
  },
  {
    title_ar: "حلب: الحياة تعود إلى الأحياء وسوق السكن تتحرك",
    title_en: "Aleppo: life returns to the neighbourhoods and the housing market stirs",
    body_ar: paragraphs(
      "تشهد حلب حركة ترميم متزايدة في عدد من أحيائها الشرقية وفي المدينة القديمة، مع عودة كثير من الأهالي إلى بيوتهم وإقبال آخرين على شراء عقارات متضررة بقصد ترميمها. ويقول الوسطاء إن الطلب يتركّز على الشقق الجاهزة للسكن فوراً، بينما تُعرض البيوت التي تحتاج إلى إصلاحات كبيرة بأسعار أدنى بكثير.",
      "في الأحياء الغربية مثل الفرقان والشهباء والموكامبو وحلب الجديدة بقيت الأسعار أعلى نسبياً بفضل جاهزية البنية التحتية والخدمات، في حين يجد أصحاب الميزانيات المحدودة خيارات في أحياء تعود إليها الخدمات تدريجياً.",
      "قبل شراء بيت متضرر، استعن بمهندس لتقييم السلامة الإنشائية للبناء، ولا تكتفِ بالمظهر؛ فالتشققات في الأعمدة والجسور أو تضرر الأساسات قد تجعل كلفة الإصلاح قريبة من كلفة البناء من جديد. وتحقّق كذلك من وضع الملكية، لأن بعض الوثائق ربما فُقدت أو تلفت، وقد تحتاج إلى استخراج بيان قيد عقاري جديد من المصالح العقارية.",
      "أما أسواق المدينة القديمة ومحلاتها، فتمضي أعمال ترميمها بوتيرة متفاوتة، ويهتم بها مستثمرون يراهنون على عودة النشاط التجاري والسياحي مع الوقت.",
    ),
    body_en: paragraphs(
      "Restoration work is picking up in several of Aleppo's eastern neighbourhoods and in the Old City, as many residents return to their homes and others buy damaged properties to restore them. Agents say demand is concentrated on flats that are ready to live in, while homes needing major repairs are offered at much lower prices.",
      "In western neighbourhoods such as Furqan, Shahba, Mocambo and New Aleppo, prices have stayed relatively higher thanks to working infrastructure and services, while buyers on a tighter budget find options in areas where services are gradually coming back.",
      "Before buying a damaged home, have an engineer assess the building's structural safety rather than judging by appearance. Cracks in columns and beams or damaged foundations can push repair costs close to the cost of building anew. Check the ownership status too, since some documents may have been lost or damaged, and you may need a new land registry statement from the Real Estate Directorate.",
      "In the markets and shops of the Old City, restoration is moving at an uneven pace, drawing investors who are betting on trade and tourism returning over time.",
    ),
    created_at: "2026-07-09T09:00:00.000Z",
    hue: 95,
  },
  {
    title_ar: "على العظم، إكساء عادي، سوبر ديلوكس: ماذا تعني هذه العبارات؟",
    title_en: "Shell, standard, super deluxe: what do these listing terms mean?",
    body_ar: paragraphs(
      "تتكرر في إعلانات العقارات السورية عبارات تصف حالة الشقة من الداخل، وفهمها يوفّر عليك زيارات لا طائل منها ومفاجآت في السعر.",
      "«على العظم» تعني أن الهيكل الإنشائي مكتمل، أي الأعمدة والأسقف والجدران الأساسية، لكن الشقة في الغالب بلا تلييس ولا بلاط ولا تمديدات ولا أبواب أو نوافذ. وقد يذكر الإعلان «على العظم مع تمديدات» أو «مع واجهة حجر» إذا أُنجز جزء من الأعمال.",
      "«إكساء عادي» أو «إكساء شعبي» يعني أن الشقة صالحة للسكن بمواد بسيطة، بينما يشير «إكساء جيد» أو «جيد جداً» إلى مواد أفضل وتنفيذ أكثر عناية. أما «ديلوكس» و«سوبر ديلوكس» فتدلّان على تشطيب فاخر يشمل عادةً الجبصين والإنارة المخفية والرخام أو البورسلان، وأبواباً ومطابخ حديثة.",
      "هذه التسميات غير موحّدة رسمياً، وما يسمّيه أحدهم ديلوكس قد يراه غيره جيداً فحسب. لذلك اعتمد على الصور والمعاينة، واسأل عن عمر الإكساء، فالإكساء الفاخر الذي مضى عليه عشرون عاماً قد يحتاج إلى تجديد. وعند نشر إعلانك، صِف حالة الإكساء بدقة وأرفق صوراً تُظهرها، فذلك يجنّبك اتصالات لا تؤدي إلى شيء.",
    ),
    body_en: paragraphs(
      "Syrian property listings are full of phrases describing the state of a flat's interior. Understanding them saves you pointless viewings and surprises on price.",
      "“Shell” means the structure is complete, that is the columns, ceilings and main walls, but the flat usually has no plaster, no flooring, no wiring or plumbing and no doors or windows. A listing may say “shell with utilities” or “with stone façade” if part of the work has been done.",
      "“Standard” or “basic” finishing means the flat is habitable with simple materials, while “good” or “very good” finishing points to better materials and more careful work. “Deluxe” and “super deluxe” indicate high-end finishing that usually includes gypsum ceilings, concealed lighting, marble or porcelain floors, and modern doors and kitchens.",
      "These labels are not officially standardised, and what one person calls deluxe another may see as merely good. Rely on photos and a viewing, and ask how old the finishing is: luxury finishing done twenty years ago may need renewing. When you post your own listing, describe the finishing accurately and add photos that show it; it will spare you calls that lead nowhere.",
    ),
    created_at: "2026-08-12T09:00:00.000Z",
    hue: 55,
  },
  {
    title_ar: "عقد الإيجار: لماذا تسجّله في البلدية؟",
    title_en: "Your lease: why register it with the municipality?",
    body_ar: paragraphs(
      "ما زالت عقود إيجار كثيرة في سوريا تُكتب على ورقة عادية بين المؤجر والمستأجر، لكن تسجيل العقد في البلدية أو الوحدة الإدارية التي يقع العقار ضمنها يمنح الطرفين حماية أكبر، ويُطلب العقد المسجّل في معاملات رسمية عديدة.",
      "ينظّم قانون الإيجار النافذ العلاقة بين الطرفين على أساس ما يتفقان عليه في العقد، ومن هنا تأتي أهمية الصياغة الواضحة: مدة العقد وتاريخ بدايته، والأجرة وطريقة دفعها وعملتها، ومن يتحمّل فواتير الكهرباء والماء والهاتف وتكاليف الصيانة، وقيمة التأمين وشروط استرداده، وهل يحق للمستأجر التأجير من الباطن.",
      "عند التسجيل يُطلب عادةً سند الملكية أو ما يثبت حق المؤجر في التأجير، والبطاقات الشخصية للطرفين. وقد تختلف الأوراق المطلوبة والرسوم من بلدية إلى أخرى، لذا يُستحسن السؤال مسبقاً.",
      "نصيحة للمستأجر: وثّق حالة البيت بالصور يوم الاستلام، وسجّل قراءات عدادات الكهرباء والماء. ونصيحة للمؤجر: تحقّق من هوية المستأجر، واحتفظ بنسخة من العقد المسجّل. فالوضوح في البداية يمنع معظم الخلافات لاحقاً.",
    ),
    body_en: paragraphs(
      "Many leases in Syria are still written on plain paper between landlord and tenant. Registering the contract with the municipality or the administrative unit where the property is located gives both sides stronger protection, and a registered lease is required for many official procedures.",
      "The rent law in force governs the relationship on the basis of what the two parties agree in the contract, which is why clear wording matters: the length of the lease and its start date; the rent, how it is paid and in which currency; who pays the electricity, water and phone bills and the maintenance costs; the amount of the deposit and the conditions for getting it back; and whether subletting is allowed.",
      "To register, you are usually asked for the ownership document or proof of the landlord's right to rent out the property, plus both parties' ID cards. Required documents and fees can differ between municipalities, so it is worth asking beforehand.",
      "A tip for tenants: photograph the condition of the home on the day you move in and note the electricity and water meter readings. A tip for landlords: verify the tenant's identity and keep a copy of the registered lease. Clarity at the start prevents most disputes later.",
    ),
    created_at: "2026-09-08T09:00:00.000Z",
    hue: 175,
  },
  {
    title_ar: "أسعار العقارات بين الليرة والدولار: كيف تقرأ السوق؟",
    title_en: "Property prices between the pound and the dollar: how to read the market",
    body_ar: paragraphs(
      "يسأل كثيرون: هل ارتفعت أسعار العقارات في سوريا أم انخفضت؟ والجواب يتوقف على العملة التي نقيس بها. فالأسعار المقوّمة بالليرة السورية ارتفعت كثيراً خلال السنوات الماضية بفعل تراجع قيمة الليرة، بينما تبدو الصورة أكثر استقراراً إذا قيست بالدولار، بل إن مناطق عدة شهدت تراجعاً في قيمتها الدولارية مقارنةً بسنوات سابقة.",
      "لهذا صار معظم البائعين يسعّرون عقاراتهم بالدولار، أو يحسبون السعر بالليرة وفق سعر الصرف يوم البيع، خصوصاً في الشقق والأراضي. أما الإيجارات الشهرية فما زال جزء منها يُدفع بالليرة، مع ميل متزايد إلى ربطها بالدولار أو مراجعتها كل بضعة أشهر.",
      "يصف عدد من الوسطاء سوق 2026 بأنها سوق حذرة: مشترون يتريّثون وبائعون لا يستعجلون، مع نشاط أوضح في المناطق ذات الخدمات الجيدة وفي الشقق الجاهزة للسكن. لكن هذه انطباعات من السوق وليست إحصاءات رسمية، ويصعب الاعتماد على مؤشر واحد للأسعار.",
      "عند المقارنة بين الإعلانات احرص على توحيد العملة، وانتبه إلى أن السعر المعروض على عقار سوريا تقدير من المعلن أو الوسيط، وأن السعر النهائي يحدّده التفاوض وحالة العقار ووضع أوراقه.",
    ),
    body_en: paragraphs(
      "Many people ask whether property prices in Syria have gone up or down. The answer depends on the currency you measure them in. Prices in Syrian pounds have risen sharply over recent years as the pound lost value, while the picture looks more stable in dollar terms, and several areas have even seen their dollar value fall compared with earlier years.",
      "That is why most sellers now price their property in dollars, or calculate the price in pounds at the exchange rate on the day of sale, especially for flats and land. Monthly rents are still partly paid in pounds, but there is a growing tendency to link them to the dollar or review them every few months.",
      "Several agents describe the 2026 market as cautious: buyers taking their time and sellers in no hurry, with clearer activity in well-serviced areas and in flats that are ready to move into. These are impressions from the market rather than official statistics, and it is hard to rely on any single price index.",
      "When comparing listings, make sure you compare in the same currency, and keep in mind that the price shown on Aqar Syria is the advertiser's or agent's estimate. The final price comes down to negotiation, the condition of the property and the state of its paperwork.",
    ),
    created_at: "2026-10-14T09:00:00.000Z",
    hue: 230,
  },
  {
    title_ar: "الطاقة الشمسية والعزل: ما يبحث عنه المستأجرون والمشترون اليوم",
    title_en: "Solar power and insulation: what tenants and buyers look for now",
    body_ar: paragraphs(
      "مع اقتراب الشتاء يعود سؤال الكهرباء والتدفئة إلى صدارة اهتمامات الباحثين عن بيت، وبات كثيرون يسألون قبل السعر: هل في البيت منظومة طاقة شمسية؟ كم ساعة تكفي البطاريات؟ هل النوافذ معزولة؟",
      "يؤكد الوسطاء أن الشقة المجهّزة بألواح شمسية وبطاريات وإنفرتر تؤجَّر أسرع من غيرها، وقد تُطلب لها أجرة أعلى، لأن المستأجر يوفّر كلفة تركيب منظومة قد يضطر إلى تركها عند انتهاء العقد. كذلك يزيد السخان الشمسي للمياه من جاذبية البيت.",
      "عند المعاينة اسأل عن قدرة المنظومة وعمر البطاريات ونوعها، وتأكد من أن الألواح مركّبة على السطح بموافقة الجيران أو ضمن الحصة المخصّصة للشقة، فهذه مسألة تثير خلافات كثيرة في الأبنية المشتركة. واسأل أيضاً عن وسيلة التدفئة: مدفأة مازوت أو غاز أو كهرباء، وعن توفر الوقود.",
      "أما العزل، فالنوافذ ذات الزجاج المزدوج وعزل السطح يقللان الرطوبة ويخففان الحاجة إلى التدفئة. وإذا كنت مالكاً، فاذكر هذه التجهيزات بوضوح في إعلانك وأرفق صورها، فهي اليوم من أول ما يسأل عنه الباحثون.",
    ),
    body_en: paragraphs(
      "As winter approaches, electricity and heating are back at the top of home-seekers' concerns. Many now ask before they even ask about price: does the home have a solar power system? How many hours do the batteries last? Are the windows insulated?",
      "Agents say flats equipped with solar panels, batteries and an inverter rent faster than others and can command a higher rent, because the tenant avoids paying for a system they might have to leave behind when the lease ends. A solar water heater also makes a home more attractive.",
      "When viewing, ask about the system's capacity and the age and type of the batteries, and make sure the panels were installed on the roof with the neighbours' agreement or within the flat's allotted share, an issue behind many disputes in shared buildings. Ask about heating too, whether it is a diesel stove, gas or electric, and whether fuel is easy to get.",
      "As for insulation, double-glazed windows and roof insulation reduce damp and the need for heating. If you are an owner, mention these features clearly in your listing and add photos of them: they are among the first things people ask about today.",
    ),
    created_at: "2026-11-15T09:00:00.000Z",
    hue: 350,
  },
];

/**
 * Words that look like names in list items, bold text, headings and tables but are not brands:
 * section headings, criteria, common nouns, countries, cities, months. Lowercase. Precision of
 * competitor extraction matters more than recall, so a word here is never taken as a competitor
 * on its own (a known competitor of the project still is).
 */
import type { Language } from './types';

const SHARED = `
faq api ai ui ux seo usd eur rub gbp vat iso pdf ios android windows linux macos web app apps online offline
kwh mwh kw gb mb tb ghz mhz mah осаго каско
dni nie nif cif iban bic swift sepa iva irpf tae tin itv dgt ocu cnmc cnmv aeat schufa bafin tüv dsgvo
ceo cto faq crm erp ats cms saas atm pin kpi roi b2b b2c etf ira apr apy fdic sec kyc vpn gps nfc usb hd 4k 5g lte eu it ит асв цб рф ип ооо ндфл ндс сбп мфо жкх
гибдд мфц фнс вуз егэ оаэ fbo fbs dbs rfbs
ok top vip pro max plus mini lite basic premium standard free gold silver platinum classic
`;

const EN = `
don't doesn't didn't can't won't isn't aren't shouldn't never avoid cheaper pricier thrift
latin eastern western northern southern central america europe asia africa
pros cons advantages disadvantages benefits drawbacks features feature conclusion conclusions summary overview
introduction verdict recommendation recommendations recommended tip tips note notes important warning bottom line
key takeaways takeaway alternatives alternative comparison options option choice choices best worst top better
price prices pricing cost costs fees fee rates rate interest commission cashback bonus bonuses rewards reward
security safety reliability reputation support service services customer customers client clients quality speed
delivery shipping returns return range selection assortment availability convenience usability interface design
performance battery camera display screen storage memory processor size weight warranty value budget cheap
affordable expensive luxury mid-range entry-level flagship overall rating ratings ranking reviews review score
user users experience experiences ease use mobile desktop website site platform platforms product products brand
brands company companies bank banks card cards account accounts loan loans credit debit deposit deposits savings
mortgage insurance investment investments investing trading banking payments payment transfer transfers
marketplace marketplaces store stores shop shops retailer retailers network networks provider providers app
ecosystem integration integrations api analytics reporting tools tool plan plans pricing tier tiers trial
pricing coverage limits limit requirements eligibility documents terms conditions process steps step example
examples other others more less also yes no none all any each every many most some several few first second
third fourth fifth final next last general specific main additional optional extra popular popularity
why how what when where which who whom whose this that these those there here the a an and or but for with
without from into onto about after before during between among through over under above below near far
beginners beginner experts expert professionals families students travelers travel travellers business
businesses small large enterprise enterprises individuals freelancers startups teams team personal corporate
home office work study food health fitness sports music video games gaming streaming shopping fashion beauty
education finance financial technology tech news entertainment local global international national regional
new old modern traditional digital physical virtual local worldwide north south east west central
january february march april may june july august september october november december
monday tuesday wednesday thursday friday saturday sunday today tomorrow yesterday week month year years
usa us uk europe asia africa america americas australia canada germany france spain italy russia china japan
india brazil mexico argentina poland ukraine kazakhstan belarus turkey netherlands switzerland austria sweden
norway finland denmark portugal ireland greece israel uae dubai london paris berlin madrid moscow rome vienna
new york los angeles san francisco chicago toronto sydney tokyo beijing munich hamburg barcelona valencia
seville lisbon amsterdam prague warsaw kyiv kiev istanbul
alabama alaska arizona arkansas california colorado connecticut delaware florida georgia hawaii idaho
illinois indiana iowa kansas kentucky louisiana maine maryland massachusetts michigan minnesota
mississippi missouri montana nebraska nevada ohio oklahoma oregon pennsylvania tennessee texas utah
vermont virginia washington wisconsin wyoming carolina dakota midwest caribbean mexico scandinavia
english german french spanish italian portuguese dutch polish russian ukrainian chinese japanese korean
arabic turkish hindi swedish norwegian danish finnish greek czech hungarian romanian hebrew vietnamese thai
indonesian mandarin cantonese catalan basque galician british european canadian australian mexican
brazilian austrian irish scottish asian african
step one two three four five six seven eight nine ten source sources references reference link links
note disclaimer update updated update notice caution key factors factor criteria criterion category categories
type types kind kinds level levels stage stages phase phases method methods approach approaches strategy
strategies solution solutions answer answers question questions result results data information details
`;

const RU = `
такси
производители производитель изготовители марки аналоги модели отечественные импортные китайские российские
европейские зарубежные иностранные немецкие японские корейские американские турецкие итальянские
плюсы минусы преимущества недостатки достоинства особенности вывод выводы итог итоги итого резюме заключение
рекомендация рекомендации совет советы важно внимание примечание обзор сравнение альтернативы альтернатива
варианты вариант выбор лучшие лучший худший топ цена цены стоимость тарифы тариф комиссия комиссии кэшбэк
кешбэк бонусы бонус процент проценты ставка ставки надежность надёжность безопасность репутация поддержка
сервис сервисы обслуживание клиенты клиент качество скорость доставка возврат ассортимент выбор наличие удобство
интерфейс дизайн приложение приложения сайт платформа платформы продукт продукты бренд бренды компания компании
банк банки карта карты кредит кредиты кредитка кредитки вклад вклады депозит ипотека страхование инвестиции
платежи платеж платёж переводы перевод маркетплейс маркетплейсы магазин магазины сеть сети провайдер провайдеры
экосистема интеграция аналитика инструменты инструмент план планы пробный период лимиты лимит требования
документы условия процесс шаги шаг пример примеры другие другое еще ещё также да нет все каждый многие
первый второй третий четвертый пятый последний основные основной дополнительно дополнительные популярные
популярность для новичков новичкам опытным семей семьи студентов студенты бизнес бизнеса малый малого
средний крупный частный личный корпоративный дом офис работа учеба еда здоровье спорт музыка видео игры
шопинг мода красота образование финансы технологии новости развлечения местные международные
январь февраль март апрель май июнь июль август сентябрь октябрь ноябрь декабрь
января февраля марта апреля мая июня июля августа сентября октября ноября декабря
понедельник вторник среда четверг пятница суббота воскресенье сегодня завтра вчера неделя месяц год
россия рф снг европа азия америка сша китай германия франция испания италия казахстан беларусь белоруссия
украина турция япония индия великобритания англия москва петербург санкт-петербург спб питер новосибирск
екатеринбург казань нижний новгород самара омск ростов уфа красноярск пермь воронеж волгоград краснодар
сочи калининград владивосток минск киев алматы астана ташкент армения грузия азербайджан узбекистан
таиланд египет вьетнам индонезия бали кипр сербия черногория абхазия крым дубай стамбул анталья ереван тбилиси
thailand egypt vietnam indonesia bali cyprus serbia georgia armenia
источник источники ссылки ссылка примечания обновление дисклеймер критерий критерии категория категории
тип типы вид виды уровень уровни этап этапы способ способы метод методы подход стратегия решение решения
ответ вопрос вопросы результат результаты данные информация подробности детали кратко коротко
как что где когда почему зачем какой какая какие который если или и но а также то это этот эти тот
оплата цена/качество отзывы отзыв рейтинг оценка оценки мнение мнения пользователи пользователей опыт
подмосковье подмосковья сибирь урал поволжье кубань крым дальний восток
самый самая самое самые самого самой самых самым
`;

const DE = `
sie ihr ihre ihnen wir uns vorteile nachteile pro contra fazit zusammenfassung überblick einleitung empfehlung empfehlungen tipp tipps
hinweis hinweise wichtig achtung alternativen alternative vergleich optionen option auswahl beste bester
bestes besten top preis preise kosten gebühren gebühr zinsen zins konditionen provision cashback bonus
prämie sicherheit zuverlässigkeit seriosität ruf kundenservice service support kunden kunde qualität
geschwindigkeit lieferung versand rückgabe sortiment verfügbarkeit bedienung benutzerfreundlichkeit
oberfläche design leistung akku kamera bildschirm speicher größe gewicht garantie wert budget günstig
teuer mittelklasse einsteiger bewertung bewertungen erfahrungen erfahrung nutzer app apps website plattform
produkt produkte marke marken unternehmen firma firmen bank banken karte karten konto konten girokonto
kredit kredite darlehen tagesgeld festgeld sparen depot broker versicherung versicherungen investition
zahlungen zahlung überweisung marktplatz händler shop shops anbieter netz netzwerk ökosystem funktionen
funktion tools werkzeug tarif tarife testphase limits anforderungen voraussetzungen unterlagen bedingungen
schritt schritte beispiel beispiele andere weitere mehr auch ja nein alle jede viele meiste einige
erste zweite dritte letzte allgemein allgemeine wichtigste hauptmerkmale zusätzlich beliebt beliebte
anfänger profis familien studenten reisen geschäftskunden selbstständige privatkunden firmenkunden
zuhause büro arbeit studium gesundheit sport musik video spiele unterhaltung bildung finanzen technik
januar februar märz april mai juni juli august september oktober november dezember
montag dienstag mittwoch donnerstag freitag samstag sonntag heute morgen gestern woche monat jahr
deutschland österreich schweiz europa eu usa amerika china frankreich spanien italien russland
berlin münchen hamburg köln frankfurt stuttgart düsseldorf leipzig dresden wien zürich bern genf
bayern baden-württemberg nordrhein-westfalen hessen sachsen niedersachsen thüringen brandenburg
schleswig-holstein mecklenburg-vorpommern rheinland-pfalz saarland sachsen-anhalt tirol kärnten
steiermark vorarlberg nrw
quelle quellen links hinweis aktualisierung kriterien kriterium kategorie kategorien typ art arten stufe
methode methoden ansatz strategie lösung lösungen antwort frage fragen ergebnis ergebnisse daten
informationen details kurz insgesamt gesamt für mit ohne und oder aber der die das ein eine einen
was wie wo wann warum welche welcher welches wer
discounter supermarkt supermärkte direktbank direktbanken filialbank filialbanken onlinebank neobank
versicherer autovermieter mobilfunkanbieter netzbetreiber stromanbieter lieferdienst lieferdienste
kochbox kochboxen vergleichsportal vergleichsportale
`;

const ES = `
este esta esto estos estas ese esa eso esos esas aquel aquella aquellos ellos ellas usted ustedes nosotros
ventajas desventajas pros contras conclusión conclusiones resumen introducción recomendación recomendaciones
consejo consejos nota notas importante atención alternativas alternativa comparación opciones opción
elección mejores mejor peor top precio precios costo costos coste costes comisión comisiones tarifas tarifa
intereses interés tasa cashback bono bonos recompensas seguridad fiabilidad confiabilidad reputación
soporte servicio servicios atención cliente clientes calidad velocidad entrega envío envíos devoluciones
surtido catálogo disponibilidad comodidad usabilidad interfaz diseño rendimiento batería cámara pantalla
almacenamiento tamaño peso garantía valor presupuesto barato barata económico económica caro cara gama
media alta baja valoración valoraciones reseñas reseña opiniones opinión puntuación usuario usuarios
experiencia aplicación aplicaciones app web sitio plataforma plataformas producto productos marca marcas
empresa empresas compañía banco bancos tarjeta tarjetas cuenta cuentas préstamo préstamos crédito débito
depósito depósitos ahorro hipoteca seguro seguros inversión inversiones pagos pago transferencia
transferencias mercado tienda tiendas minorista proveedor proveedores red ecosistema integración
herramientas herramienta plan planes prueba límites límite requisitos documentos condiciones proceso
pasos paso ejemplo ejemplos otros otras más menos también sí no todos todas cada muchos algunos
primero primera segundo segunda tercero tercera último última general principal principales adicional
popular populares principiantes expertos familias estudiantes viajeros viajes negocio negocios pymes
autónomos particulares hogar oficina trabajo estudio salud deporte música vídeo juegos entretenimiento
educación finanzas tecnología noticias local nacional internacional
enero febrero marzo abril mayo junio julio agosto septiembre setiembre octubre noviembre diciembre
lunes martes miércoles jueves viernes sábado domingo hoy mañana ayer semana mes año
españa méxico argentina colombia chile perú venezuela ecuador uruguay paraguay bolivia cuba
estados unidos europa latinoamérica américa madrid barcelona valencia sevilla bilbao málaga zaragoza
buenos aires bogotá lima santiago ciudad de méxico monterrey guadalajara
fuente fuentes enlaces enlace actualización criterios criterio categoría categorías tipo tipos nivel
método métodos enfoque estrategia solución soluciones respuesta pregunta preguntas resultado resultados
datos información detalles en para con sin y o pero el la los las un una qué cómo dónde cuándo por
cuál cuáles quién
entre desde hasta según sobre hacia durante mediante del al
canarias baleares andalucía cataluña galicia asturias cantabria navarra aragón murcia extremadura
alicante castellón córdoba granada jaén almería huelva cádiz valladolid salamanca burgos toledo
jalisco yucatán oaxaca puebla veracruz chihuahua sonora sinaloa guanajuato querétaro michoacán
chiapas tabasco coahuila tamaulipas cdmx
lisboa oporto portugal francia italia alemania londres parís roma berlín nueva york miami
`;

function toSet(...lists: string[]): Set<string> {
  const set = new Set<string>();
  for (const list of lists) for (const w of list.split(/\s+/)) if (w) set.add(w);
  return set;
}

/**
 * Prepositions, conjunctions and pronouns that open a sentence ("Auf Kleinanzeigen oder eBay …",
 * "Bei Amazon …"): never a name alone. Two-letter ones are left out ("MAN", "SO", "DA" are names).
 */
const FUNCTION_WORDS = `
auf bei von nach aus über unter vor hinter neben zwischen durch gegen seit während wegen trotz beim
vom zum zur ins den dem des einem einer wenn weil dass dieser diese dieses jeder manche kein keine
ich sich noch nur schon sehr dann hier dort bis als doch denn nicht
ante bajo tras unos unas porque que quien como donde cuando todo muy aquí allí
out behind against since upon within because very
`;

/** One set for all languages: answers mix languages (English headings in Russian answers). */
export const GENERIC_WORDS = toSet(SHARED, EN, RU, DE, ES, FUNCTION_WORDS);

/** Words of FUNCTION_WORDS: cut from the front of a capitalised run ("Auf Kleinanzeigen"). */
export const FUNCTION_WORD_SET = toSet(FUNCTION_WORDS);

/** Small words allowed inside a multiword name ("Bank of America", "Banco de Sabadell"). */
export const NAME_CONNECTORS = new Set([
  'of',
  'the',
  'and',
  '&',
  'de',
  'del',
  'la',
  'las',
  'los',
  'y',
  'und',
  'für',
  'и',
  'for',
  'by',
  'du',
  'des',
  'le',
  'van',
  'von',
  'der',
  'da',
  'do',
  'e',
  'et',
  'on',
]);

/**
 * Word endings that mark common nouns and adjectives (a single word with one of them is a
 * criterion such as "Надёжность", "Sicherheit", "Comisiones", not a brand), per language of the
 * answer: a Spanish plural "-ales" says nothing about "Freshsales" in an English answer. Russian
 * endings match only Cyrillic words, so they apply in every language. German and Spanish answers
 * borrow English criteria ("Usability", "Performance"): the unambiguous English noun suffixes
 * apply there too.
 */
const RU_ENDINGS =
  /(?:ость|ости|ение|ения|ание|ания|ация|ации|ция|ции|изм|ство|ства|ные|ный|ная|ное|ний|ые|ие|ии|ия|ки|ты|ьи)$/;
const EN_NOUN_ENDINGS = /(?:tion|tions|ness|ity|ities|ance|ence)$/;
export const COMMON_ENDINGS: Record<Language, RegExp[]> = {
  ru: [RU_ENDINGS],
  // "-ive" only after t/s: adjectives end in -tive/-sive ("Intuitive", "Expensive"); "drive",
  // "live", "hive" are roots ("Pipedrive", "OneDrive").
  en: [
    RU_ENDINGS,
    /(?:tion|tions|sion|sions|ment|ments|ness|ity|ities|ance|ence|ship|ism|ics|ous|tive|sive|ful|less|able|ible|ally|ed)$/,
  ],
  de: [
    RU_ENDINGS,
    EN_NOUN_ENDINGS,
    /(?:ung|ungen|heit|heiten|keit|keiten|schaft|tät|ismus|nis|gebühren|kosten|lich|liche|lichen|ische|ischen|ige|igen)$/,
  ],
  es: [
    RU_ENDINGS,
    EN_NOUN_ENDINGS,
    /(?:ción|ciones|sión|siones|dad|dades|mente|miento|mientos|encia|ancia|ismo|oso|osa|ivo|iva|ales|ores)$/,
  ],
};

/** Corporate words that do not change which competitor a name is ("Tinkoff" = "Tinkoff Bank"). */
export const CORPORATE_WORDS = new Set([
  'bank',
  'банк',
  'inc',
  'ltd',
  'llc',
  'ag',
  'gmbh',
  'se',
  'sa',
  's.a.',
  'plc',
  'group',
  'corp',
  'co',
  'company',
  'групп',
  'группа',
  'оао',
  'пао',
  'ао',
  'ооо',
  'banco',
]);

/**
 * Words after a name that say its trade or its kind of place ("Kalahari Resorts", "Disney Cruise
 * Line", "FedEx Office", "Alo Yoga"): with them it is one company's full name, no product of it.
 */
export const BUSINESS_WORD =
  /^(?:resorts?|schools?|cruises?|lines?|hotels?|stores?|shops?|clinics?|restaurants?|airlines?|air|academy|studios?|markets?|pharmacy|office|park|basics|yoga|group|collective|club|labs?|technolog(?:y|ies)|tech|robotics|systems|industries|instruments|electronics|motors|audio)$/i;

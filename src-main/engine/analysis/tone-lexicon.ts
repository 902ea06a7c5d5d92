/**
 * Sentiment stems per language: a word starting with a stem carries its polarity. Stems are
 * lowercase and written with "е" for "ё" (the text is folded the same way before matching).
 * Curated for how AI answers praise or criticize a brand (reliability, price, support, risk),
 * not for general-purpose sentiment.
 */
export interface Lexicon {
  positive: string[];
  negative: string[];
  /** Words that flip the polarity of the next sentiment word within a few words. */
  negators: string[];
}

export const LEXICONS: Record<'ru' | 'en' | 'de' | 'es', Lexicon> = {
  ru: {
    positive: [
      'лучши', 'лучша', 'лучшее$', 'лучшую$', 'надежн', 'доверя', 'высок ставк', 'удобн', 'рекоменд', 'популярн', 'выгодн', 'качествен', 'быстр', 'отличн', 'хорош',
      'превосходн', 'лидер', 'лидир', 'прекрасн', 'высок качеств', 'широк', 'богат', 'щедр', 'безопасн',
      'проверенн', 'известн', 'любим', 'довольн', 'нрав', 'преимуществ', 'плюс', 'сильн', 'стабильн',
      'инновацион', 'оптимальн', 'идеальн', 'подходит', 'удачн', 'привлекательн', 'доступн',
      'бесплатн', 'лояльн', 'понятн', 'простот', 'крупнейш', 'ведущ', 'удобств', 'выгод',
      'комфортн', 'заслуженн', 'выдел', 'выигрыва', 'превосход', 'эффективн', 'оперативн', 'вежлив',
    ],
    negative: [
      'плох', 'ненадежн', 'неудобн', 'медленн', 'дорог', 'жалоб', 'проблем', 'недостат', 'минус', 'мошен',
      'скандал', 'худш', 'слаб', 'сбой$', 'сбои$', 'сбоев$', 'сбоями$', 'ошиб', 'задерж', 'навязыва', 'скрыт', 'негатив', 'разочаров',
      'некачествен', 'подделк', 'контрафакт', 'блокир', 'отказ', 'утечк', 'штраф', 'санкци', 'риск',
      'невыгодн', 'устаревш', 'неприятн', 'хамств', 'грубо', 'игнорир', 'уступа', 'критик', 'теря',
      'сложн', 'запута', 'нестабильн', 'отстает', 'отстаёт', 'не лучш', 'обман', 'претензи', 'опасн',
      'сомнительн', 'избега', 'бесполезн', 'ограничен', 'высок комисс',
    ],
    negators: ['не', 'нет', 'ни', 'без', 'никогда', 'вряд'],
  },
  en: {
    positive: [
      'best', 'better', 'powerful', 'hold their value', 'reliab', 'recommend', 'popular', 'excellent', 'great', 'good', 'strong', 'trusted', 'trustworth',
      'leading', 'leader', 'top-rated', 'top rated', 'outstanding', 'convenient', 'easy', 'intuitive', 'fast',
      'quick', 'secure', 'safe', 'affordable', 'competitive', 'generous', 'wide', 'excel', 'innovative',
      'favorite', 'favourite', 'well-known', 'renowned', 'reputable', 'solid', 'impressive', 'superior', 'ideal',
      'perfect', 'love', 'praised', 'standout', 'stands out', 'seamless', 'robust', 'user-friendly', 'free',
      'low fee', 'no fee', 'benefit', 'advantage', 'helpful', 'responsive', 'efficient', 'high-quality',
      'high quality', 'value for money', 'worth', 'award', 'notable', 'smooth', 'flexible', 'transparent',
    ],
    negative: [
      'bad', 'poor', 'unreliable', 'slow', 'expensive', 'complain', 'problem', 'issues with', 'drawback', 'downside',
      'scam', 'fraud', 'scandal', 'worst', 'weak', 'outage', 'error', 'delay', 'hidden', 'negative',
      'disappoint', 'counterfeit', 'fake', 'blocked', 'frozen', 'breach', 'lawsuit', 'fined', 'risk',
      'outdated', 'rude', 'ignore', 'lag', 'criticiz', 'criticis', 'confusing', 'complicated', 'unstable',
      'avoid', 'overpriced', 'costly', 'high fee', 'limited', 'lack', 'struggle', 'fail',
      'controvers', 'concern', 'frustrat', 'terrible', 'awful', 'horrible', 'mediocre', 'inferior', 'declin',
      'cumbersome', 'buggy', 'glitch', 'pricey', 'upsell',
    ],
    negators: ['not', 'no', 'never', "don't", 'dont', "doesn't", 'doesnt', "isn't", 'isnt', "aren't", "wasn't",
      "won't", "can't", 'cannot', 'hardly', 'without', 'nor', "didn't"],
  },
  de: {
    positive: [
      'beste$', 'bester$', 'besten$', 'bestes$', 'zuverlässig', 'empfehl', 'empfohl', 'beliebt', 'ausgezeichnet', 'hervorragend', 'gut$', 'gute$', 'guter$', 'gutes$', 'guten$', 'stark',
      'vertrauenswürdig', 'seriös', 'führend', 'marktführer', 'bequem', 'einfach', 'intuitiv', 'schnell',
      'sicher$', 'sichere$', 'sicheren$', 'sicherer$', 'günstig', 'preiswert', 'attraktiv', 'großzügig', 'breit', 'innovativ', 'bekannt', 'renommiert',
      'solide', 'beeindruckend', 'überzeugend', 'überzeugt', 'ideal', 'perfekt', 'kostenlos', 'gebührenfrei',
      'vorteil', 'hilfreich', 'effizient', 'hochwertig', 'top$', 'lohnt', 'transparent', 'flexibel',
      'benutzerfreundlich', 'punktet', 'glänzt', 'stabil', 'fair',
    ],
    negative: [
      'schlecht', 'unzuverlässig', 'langsam', 'teuer', 'beschwerde', 'problem', 'nachteil', 'betrug', 'skandal',
      'schwach', 'ausfall', 'ausfälle', 'fehler', 'verzöger', 'versteckt', 'negativ', 'enttäusch', 'fälschung',
      'gesperrt', 'sperrung', 'datenleck', 'klage', 'strafe', 'bußgeld', 'risiko', 'riskant', 'veraltet',
      'unfreundlich', 'kritik', 'kritisiert', 'kompliziert', 'umständlich', 'instabil', 'meiden', 'überteuert',
      'hohe gebühr', 'eingeschränkt', 'mangel', 'mangelhaft', 'ärger', 'unseriös', 'schlechter', 'mäßig',
    ],
    negators: ['nicht', 'kein', 'keine', 'keinen', 'keiner', 'keines', 'nie', 'niemals', 'ohne', 'kaum'],
  },
  es: {
    positive: [
      'mejor', 'fiabl', 'confiabl', 'recomend', 'recomiend', 'popular', 'excelent', 'genial', 'buen', 'bueno',
      'sólid', 'solid', 'líder', 'lider', 'destaca', 'cómod', 'comod', 'fácil', 'facil', 'intuitiv', 'rápid',
      'rapid', 'segura$', 'seguro$', 'económic', 'economic', 'asequible', 'competitiv', 'generos', 'amplio', 'amplia',
      'innovador', 'reconocid', 'prestigi', 'impresionant', 'superior', 'ideal', 'perfect', 'gratis',
      'gratuit', 'sin comisiones', 'ventaja', 'útil', 'eficient', 'transparent', 'flexible',
      'favorit', 'estable', 'atractiv', 'conveniente',
    ],
    negative: [
      'mal$', 'malo$', 'mala$', 'malos$', 'malas$', 'pésim', 'pesim', 'poco fiable', 'lento$', 'lenta$', 'lentos$', 'lentitud', 'caro$', 'cara$', 'caros$', 'costoso', 'costosa', 'queja',
      'problema', 'desventaja', 'inconveniente', 'estafa', 'fraude', 'escándalo', 'escandalo', 'peor', 'débil',
      'debil', 'caída', 'fallo', 'falla', 'error', 'retraso', 'oculta', 'negativ', 'decepcion', 'falsific',
      'bloque', 'filtración', 'demanda', 'multa', 'riesgo', 'arriesgad', 'obsolet', 'grosero', 'critica',
      'complicad', 'confus', 'inestable', 'evitar', 'limitad', 'carece', 'falta', 'deficient', 'mediocre',
    ],
    negators: ['no', 'nunca', 'sin', 'tampoco', 'ni', 'jamás', 'jamas'],
  },
};

/** Words that shift the weight to what follows ("good, but slow" leans on "slow"). */
export const CONTRAST = /(?<![\p{L}])(?:but|however|although|though|yet|но|однако|хотя|зато|aber|jedoch|allerdings|doch|pero|sin embargo|aunque)(?![\p{L}])/iu;

/**
 * Conversation starters for the carousel (spec §2). They are content in the practice language, not
 * interface text, so they live here rather than in the locale files; only the category names are
 * translated.
 */
export const PROMPT_CATEGORIES = [
  'icebreakers',
  'daily_life',
  'opinions',
  'culture',
  'learning',
] as const;
export type PromptCategory = (typeof PROMPT_CATEGORIES)[number];

export type Prompt = { id: string; category: PromptCategory; text: string };

export const PROMPT_LANGUAGES = ['en', 'es', 'fr', 'pt'] as const;
export type PromptLanguage = (typeof PROMPT_LANGUAGES)[number];

type Texts = Record<PromptCategory, readonly [string, string]>;

const TEXTS: Record<PromptLanguage, Texts> = {
  en: {
    icebreakers: [
      'Where are you from, and what do you like most about it?',
      'What made you start learning English?',
    ],
    daily_life: [
      'What does a typical weekday look like for you?',
      'What is your favourite meal to cook at home?',
    ],
    opinions: [
      'Is it better to live in a big city or in the countryside? Why?',
      'Should everyone learn a second language at school?',
    ],
    culture: [
      'Which holiday or festival in your country do you enjoy most?',
      'Tell me about a film, book or song that everyone knows in your country.',
    ],
    learning: [
      'What is the hardest part of English for you?',
      'How do you practise when you are not in a class?',
    ],
  },
  es: {
    icebreakers: [
      '¿De dónde eres y qué es lo que más te gusta de allí?',
      '¿Por qué empezaste a aprender español?',
    ],
    daily_life: [
      '¿Cómo es un día normal entre semana para ti?',
      '¿Cuál es tu comida favorita para cocinar en casa?',
    ],
    opinions: [
      '¿Es mejor vivir en una gran ciudad o en el campo? ¿Por qué?',
      '¿Todo el mundo debería aprender un segundo idioma en la escuela?',
    ],
    culture: [
      '¿Qué fiesta o celebración de tu país te gusta más?',
      'Háblame de una película, un libro o una canción que todos conocen en tu país.',
    ],
    learning: [
      '¿Qué es lo más difícil del español para ti?',
      '¿Cómo practicas cuando no estás en clase?',
    ],
  },
  fr: {
    icebreakers: [
      "D'où viens-tu et qu'est-ce que tu aimes le plus là-bas ?",
      'Pourquoi as-tu commencé à apprendre le français ?',
    ],
    daily_life: [
      'À quoi ressemble une journée typique de semaine pour toi ?',
      'Quel est ton plat préféré à cuisiner à la maison ?',
    ],
    opinions: [
      'Vaut-il mieux vivre dans une grande ville ou à la campagne ? Pourquoi ?',
      "Tout le monde devrait-il apprendre une deuxième langue à l'école ?",
    ],
    culture: [
      'Quelle fête ou quel festival de ton pays préfères-tu ?',
      'Parle-moi d’un film, d’un livre ou d’une chanson que tout le monde connaît dans ton pays.',
    ],
    learning: [
      'Qu’est-ce qui est le plus difficile en français pour toi ?',
      'Comment pratiques-tu quand tu n’es pas en cours ?',
    ],
  },
  pt: {
    icebreakers: [
      'De onde você é e do que você mais gosta de lá?',
      'Por que você começou a aprender português?',
    ],
    daily_life: [
      'Como é um dia normal de semana para você?',
      'Qual é a sua comida favorita para fazer em casa?',
    ],
    opinions: [
      'É melhor morar numa cidade grande ou no interior? Por quê?',
      'Todo mundo deveria aprender uma segunda língua na escola?',
    ],
    culture: [
      'Qual feriado ou festa do seu país você mais gosta?',
      'Me fale de um filme, livro ou música que todo mundo conhece no seu país.',
    ],
    learning: [
      'Qual é a parte mais difícil do português para você?',
      'Como você pratica quando não está em aula?',
    ],
  },
};

export function promptLanguage(languageCode: string | null | undefined): PromptLanguage {
  return (PROMPT_LANGUAGES as readonly string[]).includes(languageCode ?? '')
    ? (languageCode as PromptLanguage)
    : 'en';
}

/** The ten prompts of a practice language, in their fixed order; English for any other language. */
export function promptsFor(languageCode: string | null | undefined): Prompt[] {
  const language = promptLanguage(languageCode);
  return PROMPT_CATEGORIES.flatMap((category) =>
    TEXTS[language][category].map((text, index) => ({
      id: `${language}-${category}-${index + 1}`,
      category,
      text,
    })),
  );
}

/** Fisher–Yates with an injectable random source, so a test can pin the order. */
export function shuffled<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const result = [...items];
  for (let i = result.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [result[i], result[j]] = [result[j] as T, result[i] as T];
  }
  return result;
}

/**
 * A repeatable random source from a string (FNV-1a hash into mulberry32). Seeded with the session
 * id, both partners get the same shuffle and so see the same prompt at the same position.
 */
export function seededRandom(seed: string): () => number {
  let state = 0x811c9dc5;
  for (let i = 0; i < seed.length; i += 1) {
    state ^= seed.charCodeAt(i);
    state = Math.imul(state, 0x01000193);
  }
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

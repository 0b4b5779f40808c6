import type { DeckTexts } from './card-types';

/** English task cards, A1–C2. Order per level: 2 icebreakers, 3 daily life, 3 opinions, 2 culture, 2 learning. */
export const EN_CARDS: DeckTexts = {
  A1: [
    [
      'Say hello. Tell each other your name, your city and one thing you like.',
      ['My name is…', 'I live in…', 'I like…'],
      'What do you like to do on Sunday?',
    ],
    [
      'Talk about your family: who is in it and how old they are.',
      ['I have a brother / a sister.', 'He is … years old.', 'There are four people in my family.'],
      'Do you have a pet?',
    ],
    [
      'Describe your morning: what time you get up and what you eat.',
      ['I get up at…', 'For breakfast I eat…', 'Then I go to…'],
      'What do you drink in the morning?',
    ],
    [
      'Make a shopping list together for a picnic.',
      ['We need…', "Let's buy…", 'How many … do we need?'],
      'What is your favourite food?',
    ],
    [
      'Describe your home: the rooms and your favourite place in it.',
      ['My home has…', 'My favourite room is…', 'It is big / small.'],
      'Where do you watch TV?',
    ],
    [
      'Say which season you like best and why.',
      ['I like … because…', "I don't like…", 'It is hot / cold.'],
      'What do you do in summer?',
    ],
    [
      'Choose the better pet together: a cat or a dog.',
      ['I think … is better.', 'Cats are… / Dogs are…', 'Me too! / Me neither.'],
      'Do you like animals?',
    ],
    [
      'Tell each other your favourite colour, food and sport, and ask why.',
      ['My favourite … is…', 'Why?', 'Because it is…'],
      'What sport do you play?',
    ],
    [
      'Tell your partner about a food from your country.',
      ['In my country we eat…', 'It is sweet / spicy.', 'You eat it with…'],
      'Do you cook?',
    ],
    [
      'Talk about a holiday in your country: when it is and what you do.',
      ['It is in (month).', 'We eat…', 'We visit…'],
      'What is your favourite holiday?',
    ],
    [
      'Say why you study English and when you started.',
      ['I study English because…', 'I started in…', 'It is easy / difficult.'],
      'Do you speak other languages?',
    ],
    [
      'Teach your partner three words in your own language.',
      ['In my language, … is…', 'Say it again, please.', 'How do you spell it?'],
      'What is an English word you like?',
    ],
  ],
  A2: [
    [
      'Tell your partner about last weekend: where you went and what you did.',
      ['Last weekend I went to…', 'It was really…', 'After that, we…'],
      'What are you doing next weekend?',
    ],
    [
      'Find three things you have in common.',
      ['Do you also…?', 'Me too!', 'We both like…'],
      'What is something unusual that you do?',
    ],
    [
      "Agree on a plan for a weekend together in your partner's city.",
      ['How about going to…?', "Why don't we…?", "That sounds good. / I'd rather…"],
      'What would you like to see first?',
    ],
    [
      'Order a meal: one is the waiter, one is the customer, then swap.',
      ['Can I have…, please?', 'Would you like anything to drink?', 'How much is it?'],
      'What do you usually order at a restaurant?',
    ],
    [
      'Explain how you get to work or school and how long it takes.',
      ['I take the bus / the train.', 'It takes about … minutes.', 'First…, then…'],
      'What do you do on the way?',
    ],
    [
      'Compare two ways to spend an evening: at home or going out.',
      ['I prefer … to…', "It's cheaper / more relaxing.", 'On the other hand…'],
      'What did you do yesterday evening?',
    ],
    [
      'Talk about your phone: what you use it for and if you use it too much.',
      ['I use it to…', 'I spend about … hours a day on it.', "I think it's too much."],
      'Which app do you use most?',
    ],
    [
      "Decide together on the best present for a friend's birthday.",
      ['What about…?', 'She would love…', "It's too expensive."],
      "What is the best present you've ever had?",
    ],
    [
      'Describe a typical wedding or birthday party in your country.',
      ['Usually people…', 'There is always…', 'It lasts…'],
      'What was the last party you went to?',
    ],
    [
      'Recommend a place to visit in your country and say why.',
      ['You should visit…', "It's famous for…", 'The best time to go is…'],
      'Where would you like to travel next?',
    ],
    [
      'Tell your partner about your favourite English lesson or teacher.',
      ['My teacher was…', 'We used to…', 'I remember when…'],
      'How do you learn new words?',
    ],
    [
      'Share a mistake you often make in English and help each other.',
      ['I often forget…', 'Is it correct to say…?', 'You can say … instead.'],
      'What helps you remember grammar?',
    ],
  ],
  B1: [
    [
      'Tell a short story about a time something went wrong on a trip.',
      ['It happened when…', 'Suddenly…', 'In the end…'],
      'What did you learn from it?',
    ],
    [
      'Describe a person who has influenced you and explain how.',
      ['She taught me…', 'I admire him because…', 'Thanks to her, I…'],
      'Who do you ask for advice?',
    ],
    [
      'Plan a budget for a three-day trip and agree on what to spend most on.',
      ['We could save money on…', "It's worth spending more on…", "Let's agree on…"],
      'Do you prefer planning or being spontaneous?',
    ],
    [
      'Describe a problem in your neighbourhood and suggest a solution.',
      ['One problem is that…', 'It would be better if…', 'The council should…'],
      'What do you like most about where you live?',
    ],
    [
      'Talk about how you relax after a busy day.',
      ['To switch off, I…', 'I try not to…', 'It helps me to…'],
      'What would your perfect day off look like?',
    ],
    [
      'Defend an opinion for one minute: "Working from home is better than working in an office." Then your partner answers.',
      ['In my opinion…', 'The main reason is…', 'I see your point, but…'],
      'What would change your mind?',
    ],
    [
      'Discuss whether social media brings people closer or pushes them apart.',
      ['On the one hand…', 'On the other hand…', 'It depends on…'],
      'How has social media changed your life?',
    ],
    [
      'Agree on three rules for a good flatmate.',
      ['A good flatmate should…', "It's important not to…", 'I agree, as long as…'],
      'Have you ever shared a flat?',
    ],
    [
      'Explain a custom from your country that surprises visitors.',
      ['Visitors are often surprised that…', "It's considered rude to…", 'The reason for this is…'],
      'What surprised you about another culture?',
    ],
    [
      'Describe a film or series from your country and convince your partner to watch it.',
      ["It's about…", 'What I love about it is…', 'You should definitely…'],
      'What was the last thing you watched?',
    ],
    [
      'Compare the ways you learn English: apps, classes, films, friends.',
      ['What works best for me is…', "I've tried…, but…", 'Have you ever tried…?'],
      "What's your goal for the next six months?",
    ],
    [
      'Describe a moment when you felt proud of your English.',
      ['I managed to…', 'I was nervous, but…', 'It made me feel…'],
      'When do you feel least confident?',
    ],
  ],
  B2: [
    [
      'Describe a decision that changed your life, and what might have happened otherwise.',
      ["If I hadn't…, I would have…", 'Looking back…', 'It turned out that…'],
      'Would you make the same decision again?',
    ],
    [
      "Talk about a skill you'd like to master and what stands in your way.",
      ["I've always wanted to…", 'What holds me back is…', "I'm planning to…"],
      'How do you stay motivated?',
    ],
    [
      'Negotiate how to split the housework fairly in a shared home.',
      ['Would you be willing to…?', 'In return, I could…', 'That seems fair, provided that…'],
      'Which chore do you hate most?',
    ],
    [
      'Discuss how you deal with stress, and give each other one piece of advice.',
      ['What tends to stress me out is…', 'One thing that helps is…', 'Have you considered…?'],
      'Has your way of coping changed over the years?',
    ],
    [
      "Compare the cost of living where you each live and what you'd change.",
      ['Rent takes up about…', "What's surprisingly expensive is…", "It's getting harder to…"],
      'Could you imagine moving somewhere cheaper?',
    ],
    [
      'Debate: "Tourism does more harm than good to popular cities." Each of you takes one side for two minutes.',
      ["There's no denying that…", 'Critics argue that…, but…', 'Taking everything into account…'],
      'How could cities welcome tourists better?',
    ],
    [
      'Discuss whether artificial intelligence will create or destroy more jobs.',
      ["It's likely that…", 'What worries me is…', "I'm not entirely convinced that…"],
      'How do you use AI today?',
    ],
    [
      "Decide together on three subjects every school should teach that most don't.",
      ["It's essential that students learn…", "I'd argue that…", "That's a fair point, although…"],
      'What do you wish you had learned at school?',
    ],
    [
      'Explain a stereotype about your country and how true it is.',
      [
        'People tend to assume that…',
        "There's some truth in it, but…",
        'It varies a lot from … to…',
      ],
      'What stereotype did you have about another country?',
    ],
    [
      'Talk about how a tradition in your country has changed in the last generation.',
      [
        'When my parents were young…',
        'Nowadays, more and more people…',
        "I think it's a shame / a good thing that…",
      ],
      'Which tradition would you like to keep forever?',
    ],
    [
      'Discuss the hardest thing about reaching an advanced level, and how to get past the plateau.',
      [
        'At this stage, what I struggle with is…',
        "I've noticed that…",
        'One strategy that worked for me was…',
      ],
      'How do you measure your progress?',
    ],
    [
      'Explain an idiom from your language and find an English equivalent together.',
      ['Literally, it means…', "You'd use it when…", 'The closest thing in English is…'],
      "What's your favourite English idiom?",
    ],
  ],
  C1: [
    [
      'Describe the place you grew up so vividly that your partner can picture it.',
      [
        'What strikes you first is…',
        "There's a certain … about it.",
        "It's the kind of place where…",
      ],
      'How has it changed since you left?',
    ],
    [
      'Talk about a belief you once held strongly and later changed.',
      [
        'I used to be convinced that…',
        'What made me reconsider was…',
        "I've come round to the view that…",
      ],
      'Which of your beliefs is hardest to question?',
    ],
    [
      'Negotiate a compromise: one of you wants to move abroad for a job, the other wants to stay.',
      [
        'I completely understand your concerns, but…',
        'What if we were to…?',
        'I could live with that on condition that…',
      ],
      'What would be a deal-breaker for you?',
    ],
    [
      'Discuss how technology has blurred the line between work and private life.',
      [
        "It's become increasingly difficult to…",
        'The upshot is that…',
        "Arguably, we're partly to blame for…",
      ],
      'Do you have any rules for switching off?',
    ],
    [
      'Describe a time you had to handle a difficult conversation at work or at home.',
      [
        'I had to tread carefully because…',
        'In hindsight, I should have…',
        'What I took away from it was…',
      ],
      'How do you usually handle conflict?',
    ],
    [
      "Defend a view you don't actually hold for two minutes; your partner guesses your real opinion.",
      [
        "Let's not lose sight of the fact that…",
        'It would be naive to think that…',
        'The evidence seems to suggest…',
      ],
      'Was it harder than you expected?',
    ],
    [
      'Debate whether governments should limit how much time children spend online.',
      [
        "There's a strong case for…",
        'That said, it raises the question of…',
        'Where do we draw the line?',
      ],
      'Who should be responsible: parents, schools or companies?',
    ],
    [
      "Discuss what 'success' means to you and how society measures it.",
      [
        'For me, success boils down to…',
        'Society tends to equate success with…',
        "I'd go as far as to say…",
      ],
      'Has your idea of success changed with age?',
    ],
    [
      'Analyse a word or idea from your culture that has no direct translation.',
      [
        'The nearest translation would be…, but it misses…',
        'It captures the idea of…',
        'It reflects the way we…',
      ],
      'Is there an English word you wish your language had?',
    ],
    [
      'Compare humour in your culture with humour in an English-speaking one.',
      [
        'What we find funny tends to be…',
        'Irony and sarcasm are…',
        'Something that would fall flat at home is…',
      ],
      "Can you tell a joke that doesn't translate?",
    ],
    [
      'Discuss whether you have a different personality when you speak English.',
      ['When I speak English, I come across as…', 'I find myself being more…', "It's as if…"],
      'Which language do you think in?',
    ],
    [
      'Explain how you would teach your language to a complete beginner in a month.',
      ["The first thing I'd focus on is…", "I'd steer clear of…", 'The key would be to…'],
      'What did your best teacher do differently?',
    ],
  ],
  C2: [
    [
      'Tell the story behind an object you would never throw away, with as much nuance as you can.',
      [
        'It may seem trivial, but…',
        'It carries with it…',
        "Every time I look at it, I'm reminded of…",
      ],
      'What does it say about you?',
    ],
    [
      "Ask about your partner's work or studies, sum it up back to them, and let them correct you.",
      [
        "So, if I've understood you correctly…",
        "Correct me if I'm wrong, but…",
        "What you're essentially saying is…",
      ],
      'What did I miss?',
    ],
    [
      'Mediate a dispute about noise: one of you is the neighbour, the other the mediator.',
      [
        "Let's try to find some common ground.",
        "I hear what you're saying, and…",
        'Would it be acceptable if…?',
      ],
      'What makes a good mediator?',
    ],
    [
      'Discuss the hidden costs of convenience: delivery apps, fast fashion, next-day shipping.',
      [
        'What we tend to overlook is…',
        'It comes at a price:…',
        "I'm not sure we can have it both ways.",
      ],
      'Which convenience would you find hardest to give up?',
    ],
    [
      'Talk about how you would spend a year with no obligations, and justify your choices.',
      [
        "I'd seize the opportunity to…",
        'Far from being a luxury, it would…',
        "What I'd be wary of is…",
      ],
      'What stops you from doing some of it now?',
    ],
    [
      'Debate: "Privacy is a price worth paying for safety." Argue both sides in turn.',
      [
        "Granted, …, but it doesn't follow that…",
        'One could reasonably object that…',
        'Ultimately, it hinges on…',
      ],
      'Where would you personally draw the line?',
    ],
    [
      "Discuss whether art should be judged separately from the artist's private life.",
      [
        'To my mind, the two are inextricably linked.',
        'Conversely, one might argue that…',
        "It's a slippery slope.",
      ],
      'Is there a work you can no longer enjoy?',
    ],
    [
      'Argue for or against a four-day working week, with concrete examples.',
      [
        'The evidence is far from conclusive.',
        'It stands to reason that…',
        'Proponents would counter that…',
      ],
      'What would you do with the extra day?',
    ],
    [
      'Explain how history still shapes everyday attitudes in your country.',
      [
        "It's deeply ingrained in…",
        'You can still see traces of it in…',
        "It's a sensitive subject because…",
      ],
      'Which moment in history do people still disagree about?',
    ],
    [
      'Discuss whether globalisation is making cultures more alike or helping them spread.',
      [
        "There's a tendency towards…",
        'Paradoxically, …',
        'Local culture is being reinvented rather than lost.',
      ],
      'Which part of your culture do you see abroad?',
    ],
    [
      "Discuss near-synonyms you find hard to tell apart (e.g. 'sensible' and 'sensitive').",
      [
        'The distinction is subtle:…',
        "You'd say … rather than … when…",
        'It has a slightly … connotation.',
      ],
      'Which words do you still mix up?',
    ],
    [
      'Talk about what it would take for you to feel truly bilingual.',
      [
        'Being bilingual, for me, would mean…',
        'What still gives me away is…',
        "I doubt I'll ever…",
      ],
      'Does an accent matter to you?',
    ],
  ],
};

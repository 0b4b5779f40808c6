import type { DeckTexts } from './card-types';

/** French task cards, A1–C2, position by position the same cards as `en.ts`. */
export const FR_CARDS: DeckTexts = {
  A1: [
    [
      'Dites bonjour. Donnez votre prénom, votre ville et une chose que vous aimez.',
      ["Je m'appelle…", "J'habite à…", "J'aime…"],
      "Qu'est-ce que tu aimes faire le dimanche ?",
    ],
    [
      'Parle de ta famille : qui en fait partie et quel âge ils ont.',
      ["J'ai un frère / une sœur.", 'Il a … ans.', 'Nous sommes quatre dans ma famille.'],
      'Tu as un animal ?',
    ],
    [
      'Décris ta matinée : à quelle heure tu te lèves et ce que tu manges.',
      ['Je me lève à…', 'Au petit-déjeuner, je mange…', 'Ensuite, je vais à…'],
      "Qu'est-ce que tu bois le matin ?",
    ],
    [
      'Faites ensemble une liste de courses pour un pique-nique.',
      ['Il nous faut…', 'On achète…', 'Combien de … il nous faut ?'],
      'Quel est ton plat préféré ?',
    ],
    [
      'Décris ton logement : les pièces et ton endroit préféré.',
      ['Chez moi, il y a…', 'Ma pièce préférée, c’est…', "C'est grand / petit."],
      'Où est-ce que tu regardes la télé ?',
    ],
    [
      'Dis quelle saison tu préfères et pourquoi.',
      ["J'aime … parce que…", "Je n'aime pas…", 'Il fait chaud / froid.'],
      "Qu'est-ce que tu fais en été ?",
    ],
    [
      'Choisissez ensemble le meilleur animal : un chat ou un chien ?',
      [
        'Je pense que … est mieux.',
        'Les chats sont… / Les chiens sont…',
        'Moi aussi ! / Moi non plus.',
      ],
      'Tu aimes les animaux ?',
    ],
    [
      'Dites votre couleur, votre plat et votre sport préférés, et demandez pourquoi.',
      ['Mon … préféré, c’est…', 'Pourquoi ?', 'Parce que c’est…'],
      'Tu fais quel sport ?',
    ],
    [
      'Parle à ton partenaire d’un plat de ton pays.',
      ['Dans mon pays, on mange…', "C'est sucré / épicé.", 'On le mange avec…'],
      'Tu sais cuisiner ?',
    ],
    [
      'Parle d’une fête de ton pays : quand elle a lieu et ce que vous faites.',
      ["C'est en (mois).", 'On mange…', 'On rend visite à…'],
      'Quelle est ta fête préférée ?',
    ],
    [
      'Dis pourquoi tu apprends le français et quand tu as commencé.',
      ["J'apprends le français parce que…", "J'ai commencé en…", "C'est facile / difficile."],
      "Tu parles d'autres langues ?",
    ],
    [
      'Apprends trois mots de ta langue à ton partenaire.',
      ['Dans ma langue, … se dit…', 'Tu peux répéter, s’il te plaît ?', 'Ça s’écrit comment ?'],
      'Quel mot français est-ce que tu aimes ?',
    ],
  ],
  A2: [
    [
      'Raconte ton dernier week-end : où tu es allé et ce que tu as fait.',
      ['Le week-end dernier, je suis allé à…', "C'était vraiment…", 'Après, on a…'],
      "Qu'est-ce que tu fais le week-end prochain ?",
    ],
    [
      'Trouvez trois choses que vous avez en commun.',
      ['Toi aussi, tu… ?', 'Moi aussi !', 'On aime tous les deux…'],
      "Qu'est-ce que tu fais d'un peu inhabituel ?",
    ],
    [
      'Mettez-vous d’accord sur un week-end ensemble dans la ville de ton partenaire.',
      ['Et si on allait à… ?', 'Pourquoi pas… ?', 'Bonne idée. / Je préférerais…'],
      "Qu'est-ce que tu voudrais voir en premier ?",
    ],
    [
      'Commandez un repas : l’un est serveur, l’autre client, puis échangez.',
      ['Je voudrais…, s’il vous plaît.', 'Et comme boisson ?', 'Ça fait combien ?'],
      "Qu'est-ce que tu commandes d'habitude au restaurant ?",
    ],
    [
      'Explique comment tu vas au travail ou en cours et combien de temps ça prend.',
      ['Je prends le bus / le train.', 'Ça prend environ … minutes.', "D'abord…, ensuite…"],
      "Qu'est-ce que tu fais pendant le trajet ?",
    ],
    [
      'Comparez deux façons de passer la soirée : à la maison ou en sortant.',
      ['Je préfère … à…', "C'est moins cher / plus reposant.", "D'un autre côté…"],
      "Qu'est-ce que tu as fait hier soir ?",
    ],
    [
      'Parle de ton téléphone : à quoi il te sert et si tu l’utilises trop.',
      ["Je l'utilise pour…", "J'y passe environ … heures par jour.", "Je crois que c'est trop."],
      'Quelle appli est-ce que tu utilises le plus ?',
    ],
    [
      'Choisissez ensemble le meilleur cadeau pour l’anniversaire d’un ami.',
      ['Et si on prenait… ?', 'Elle adorerait…', "C'est trop cher."],
      'Quel est le plus beau cadeau que tu aies reçu ?',
    ],
    [
      'Décris un mariage ou un anniversaire typique dans ton pays.',
      ['En général, les gens…', 'Il y a toujours…', 'Ça dure…'],
      'Quelle est la dernière fête où tu es allé ?',
    ],
    [
      'Recommande un endroit à visiter dans ton pays et dis pourquoi.',
      ['Tu devrais visiter…', "C'est célèbre pour…", 'La meilleure période pour y aller, c’est…'],
      'Où est-ce que tu aimerais voyager la prochaine fois ?',
    ],
    [
      'Parle de ton cours ou de ton professeur de français préféré.',
      ['Mon professeur était…', 'On avait l’habitude de…', 'Je me souviens quand…'],
      'Comment est-ce que tu apprends de nouveaux mots ?',
    ],
    [
      'Partage une erreur que tu fais souvent en français et aidez-vous.',
      ["J'oublie souvent…", 'Est-ce qu’on peut dire… ?', 'Tu peux dire … à la place.'],
      "Qu'est-ce qui t'aide à retenir la grammaire ?",
    ],
  ],
  B1: [
    [
      'Raconte une petite histoire : une fois où quelque chose s’est mal passé en voyage.',
      ["C'est arrivé quand…", 'Tout à coup…', 'Finalement…'],
      "Qu'est-ce que tu en as retenu ?",
    ],
    [
      'Décris une personne qui t’a influencé et explique comment.',
      ["Elle m'a appris à…", "Je l'admire parce que…", 'Grâce à elle, j’ai…'],
      'À qui est-ce que tu demandes conseil ?',
    ],
    [
      'Préparez le budget d’un voyage de trois jours et décidez où dépenser le plus.',
      [
        'On pourrait économiser sur…',
        'Ça vaut la peine de dépenser plus pour…',
        'On est d’accord pour…',
      ],
      'Tu préfères tout prévoir ou improviser ?',
    ],
    [
      'Décris un problème de ton quartier et propose une solution.',
      ["Un des problèmes, c'est que…", 'Ce serait mieux si…', 'La mairie devrait…'],
      "Qu'est-ce que tu aimes le plus là où tu habites ?",
    ],
    [
      'Parle de la façon dont tu te détends après une journée chargée.',
      ['Pour décompresser, je…', "J'essaie de ne pas…", 'Ça m’aide à…'],
      'À quoi ressemblerait ton jour de congé idéal ?',
    ],
    [
      'Défends une opinion pendant une minute : « Le télétravail vaut mieux que le bureau. » Puis ton partenaire répond.',
      ['À mon avis…', 'La raison principale, c’est que…', 'Je comprends ton point de vue, mais…'],
      "Qu'est-ce qui te ferait changer d'avis ?",
    ],
    [
      'Discutez : les réseaux sociaux rapprochent-ils les gens ou les éloignent-ils ?',
      ["D'un côté…", "De l'autre…", 'Ça dépend de…'],
      'Comment les réseaux sociaux ont-ils changé ta vie ?',
    ],
    [
      'Mettez-vous d’accord sur trois règles pour être un bon colocataire.',
      [
        'Un bon colocataire devrait…',
        "C'est important de ne pas…",
        "Je suis d'accord, à condition que…",
      ],
      'Tu as déjà vécu en colocation ?',
    ],
    [
      'Explique une coutume de ton pays qui surprend les visiteurs.',
      ['Les visiteurs sont souvent surpris que…', 'Ça ne se fait pas de…', "C'est parce que…"],
      "Qu'est-ce qui t'a surpris dans une autre culture ?",
    ],
    [
      'Décris un film ou une série de ton pays et convaincs ton partenaire de le regarder.',
      ['Ça parle de…', "Ce que j'adore, c'est…", 'Il faut absolument que tu…'],
      "Qu'est-ce que tu as regardé en dernier ?",
    ],
    [
      'Comparez vos façons d’apprendre le français : applis, cours, films, amis.',
      ['Ce qui marche le mieux pour moi, c’est…', "J'ai essayé…, mais…", 'Tu as déjà essayé… ?'],
      'Quel est ton objectif pour les six prochains mois ?',
    ],
    [
      'Décris un moment où tu as été fier de ton français.',
      ['Je suis arrivé à…', "J'étais stressé, mais…", "Ça m'a donné…"],
      'Quand est-ce que tu te sens le moins sûr de toi ?',
    ],
  ],
  B2: [
    [
      'Décris une décision qui a changé ta vie, et ce qui se serait passé sinon.',
      ["Si je n'avais pas…, j'aurais…", 'Avec le recul…', "Il s'est avéré que…"],
      'Tu prendrais la même décision aujourd’hui ?',
    ],
    [
      'Parle d’une compétence que tu aimerais maîtriser et de ce qui t’en empêche.',
      ["J'ai toujours voulu…", 'Ce qui me freine, c’est…', "J'ai l'intention de…"],
      'Comment est-ce que tu restes motivé ?',
    ],
    [
      'Négociez un partage équitable des tâches ménagères dans une colocation.',
      ['Tu serais prêt à… ?', 'En échange, je pourrais…', 'Ça me paraît juste, à condition que…'],
      'Quelle tâche ménagère détestes-tu le plus ?',
    ],
    [
      'Discutez de votre façon de gérer le stress et donnez-vous un conseil.',
      [
        'Ce qui a tendance à me stresser, c’est…',
        "Une chose qui m'aide, c'est…",
        'Tu as pensé à… ?',
      ],
      'Ta façon de faire a-t-elle changé avec les années ?',
    ],
    [
      'Comparez le coût de la vie là où vous vivez et ce que vous changeriez.',
      [
        'Le loyer représente à peu près…',
        'Ce qui est étonnamment cher, c’est…',
        'Il devient de plus en plus difficile de…',
      ],
      'Tu pourrais t’imaginer déménager dans un endroit moins cher ?',
    ],
    [
      'Débat : « Le tourisme fait plus de mal que de bien aux villes populaires. » Chacun défend un camp pendant deux minutes.',
      ['On ne peut pas nier que…', 'Les détracteurs affirment que…, mais…', 'Tout bien considéré…'],
      'Comment les villes pourraient-elles mieux accueillir les touristes ?',
    ],
    [
      'Discutez : l’intelligence artificielle va-t-elle créer ou détruire plus d’emplois ?',
      [
        'Il est probable que…',
        "Ce qui m'inquiète, c'est…",
        'Je ne suis pas tout à fait convaincu que…',
      ],
      "Comment est-ce que tu utilises l'IA aujourd'hui ?",
    ],
    [
      'Choisissez trois matières que toutes les écoles devraient enseigner et que peu enseignent.',
      ['Il est essentiel que les élèves apprennent…', 'Je dirais que…', "C'est juste, même si…"],
      "Qu'est-ce que tu aurais aimé apprendre à l'école ?",
    ],
    [
      'Explique un stéréotype sur ton pays et dans quelle mesure il est vrai.',
      ['Les gens ont tendance à croire que…', 'Il y a du vrai, mais…', 'Ça varie beaucoup de … à…'],
      'Quel stéréotype avais-tu sur un autre pays ?',
    ],
    [
      'Parle de la façon dont une tradition de ton pays a changé en une génération.',
      [
        'Quand mes parents étaient jeunes…',
        'Aujourd’hui, de plus en plus de gens…',
        'Je trouve dommage / bien que…',
      ],
      'Quelle tradition aimerais-tu garder pour toujours ?',
    ],
    [
      'Discutez de ce qui est le plus dur pour atteindre un niveau avancé, et comment sortir du plateau.',
      [
        "À ce stade, ce qui me pose problème, c'est…",
        "J'ai remarqué que…",
        "Une stratégie qui a marché pour moi, c'est…",
      ],
      'Comment est-ce que tu mesures tes progrès ?',
    ],
    [
      'Explique une expression de ta langue et trouvez ensemble un équivalent en français.',
      [
        'Littéralement, ça veut dire…',
        "On l'utilise quand…",
        "L'équivalent le plus proche en français, c'est…",
      ],
      'Quelle est ton expression française préférée ?',
    ],
  ],
  C1: [
    [
      'Décris l’endroit où tu as grandi de façon si vivante que ton partenaire puisse se le représenter.',
      [
        'Ce qui frappe d’abord, c’est…',
        'Il s’en dégage une certaine…',
        "C'est le genre d'endroit où…",
      ],
      'Comment a-t-il changé depuis ton départ ?',
    ],
    [
      'Parle d’une conviction que tu avais et que tu as fini par abandonner.',
      [
        "J'étais persuadé que…",
        "Ce qui m'a fait changer d'avis, c'est…",
        "J'en suis venu à penser que…",
      ],
      'Laquelle de tes convictions est la plus difficile à remettre en question ?',
    ],
    [
      'Négociez un compromis : l’un veut partir à l’étranger pour un travail, l’autre veut rester.',
      [
        'Je comprends tout à fait tes inquiétudes, mais…',
        'Et si on… ?',
        "Je pourrais l'accepter à condition que…",
      ],
      'Qu’est-ce qui serait rédhibitoire pour toi ?',
    ],
    [
      'Discutez de la façon dont la technologie a brouillé la frontière entre travail et vie privée.',
      [
        'Il est de plus en plus difficile de…',
        'Résultat :…',
        'On pourrait dire que nous en sommes en partie responsables.',
      ],
      'As-tu des règles pour déconnecter ?',
    ],
    [
      'Décris une fois où tu as dû mener une conversation difficile au travail ou à la maison.',
      [
        "J'ai dû prendre des gants parce que…",
        "Avec le recul, j'aurais dû…",
        "Ce que j'en ai retenu, c'est…",
      ],
      'Comment gères-tu les conflits d’habitude ?',
    ],
    [
      'Défends pendant deux minutes un point de vue que tu ne partages pas ; ton partenaire devine ta vraie opinion.',
      ['Ne perdons pas de vue que…', 'Il serait naïf de croire que…', 'Tout semble indiquer que…'],
      'Était-ce plus difficile que prévu ?',
    ],
    [
      'Débattez : les États devraient-ils limiter le temps que les enfants passent en ligne ?',
      [
        'Il y a de bonnes raisons de…',
        'Cela dit, cela pose la question de…',
        'Où fixer la limite ?',
      ],
      'Qui devrait en être responsable : les parents, l’école ou les entreprises ?',
    ],
    [
      'Discutez de ce que « réussir » signifie pour vous et de la façon dont la société le mesure.',
      [
        'Pour moi, réussir, ça revient à…',
        'La société a tendance à assimiler la réussite à…',
        "J'irais jusqu'à dire que…",
      ],
      'Ta vision de la réussite a-t-elle changé avec l’âge ?',
    ],
    [
      'Analyse un mot ou une idée de ta culture qui n’a pas de traduction directe.',
      [
        'La traduction la plus proche serait…, mais il manque…',
        "Ça rend l'idée de…",
        'Ça reflète notre façon de…',
      ],
      'Y a-t-il un mot français que tu aimerais avoir dans ta langue ?',
    ],
    [
      'Comparez l’humour de votre culture et l’humour francophone.',
      [
        'Ce qui nous fait rire, en général, c’est…',
        "L'ironie et le second degré…",
        'Une blague qui tomberait à plat chez moi, c’est…',
      ],
      'Tu connais une blague intraduisible ?',
    ],
    [
      'Discutez : avez-vous une autre personnalité quand vous parlez français ?',
      ["Quand je parle français, j'ai l'air…", 'Je me sens plus…', "C'est comme si…"],
      'Dans quelle langue penses-tu ?',
    ],
    [
      'Explique comment tu enseignerais ta langue à un grand débutant en un mois.',
      ['Je commencerais par…', "J'éviterais…", "L'essentiel serait de…"],
      'Que faisait de différent ton meilleur professeur ?',
    ],
  ],
  C2: [
    [
      'Raconte l’histoire d’un objet dont tu ne te séparerais jamais, avec toutes les nuances possibles.',
      [
        'Ça peut paraître anodin, mais…',
        'Il porte en lui…',
        'Chaque fois que je le regarde, je repense à…',
      ],
      'Qu’est-ce que cela dit de toi ?',
    ],
    [
      'Interroge ton partenaire sur son travail ou ses études, résume-le-lui et laisse-le te corriger.',
      [
        "Donc, si j'ai bien compris…",
        'Corrige-moi si je me trompe, mais…',
        'Au fond, ce que tu dis, c’est que…',
      ],
      "Qu'est-ce qui m'a échappé ?",
    ],
    [
      'Jouez une médiation sur une histoire de bruit : l’un est le voisin, l’autre le médiateur.',
      [
        'Essayons de trouver un terrain d’entente.',
        "J'entends bien ce que vous dites, et…",
        'Seriez-vous d’accord pour que… ?',
      ],
      'Qu’est-ce qui fait un bon médiateur ?',
    ],
    [
      'Discutez du coût caché du confort : applis de livraison, mode éphémère, livraison en 24 heures.',
      [
        'Ce qu’on a tendance à oublier, c’est…',
        'Ça a un prix :…',
        'Je ne suis pas sûr qu’on puisse avoir le beurre et l’argent du beurre.',
      ],
      'À quel confort aurais-tu le plus de mal à renoncer ?',
    ],
    [
      'Raconte comment tu passerais une année sans aucune obligation, et justifie tes choix.',
      [
        "J'en profiterais pour…",
        'Loin d’être un luxe, ce serait…',
        'Ce dont je me méfierais, c’est…',
      ],
      "Qu'est-ce qui t'empêche d'en faire une partie dès maintenant ?",
    ],
    [
      'Débat : « La vie privée est un prix qui vaut la peine d’être payé pour la sécurité. » Défendez les deux camps à tour de rôle.',
      [
        "Certes…, mais il ne s'ensuit pas que…",
        'On pourrait raisonnablement objecter que…',
        'En fin de compte, tout dépend de…',
      ],
      'Où placerais-tu personnellement la limite ?',
    ],
    [
      'Discutez : faut-il juger l’œuvre indépendamment de la vie privée de l’artiste ?',
      [
        'À mes yeux, les deux sont indissociables.',
        "À l'inverse, on pourrait soutenir que…",
        "C'est une pente glissante.",
      ],
      'Y a-t-il une œuvre que tu ne peux plus apprécier ?',
    ],
    [
      'Argumente pour ou contre la semaine de quatre jours, avec des exemples concrets.',
      [
        'Les données sont loin d’être concluantes.',
        'Il va de soi que…',
        'Ses partisans rétorqueraient que…',
      ],
      'Que ferais-tu de ce jour en plus ?',
    ],
    [
      'Explique comment l’histoire façonne encore les attitudes du quotidien dans ton pays.',
      [
        "C'est profondément ancré dans…",
        'On en voit encore les traces dans…',
        "C'est un sujet sensible parce que…",
      ],
      "Sur quel moment de l'histoire les gens ne sont-ils toujours pas d'accord ?",
    ],
    [
      'Discutez : la mondialisation uniformise-t-elle les cultures ou les aide-t-elle à rayonner ?',
      [
        'On observe une tendance à…',
        'Paradoxalement,…',
        'La culture locale se réinvente plus qu’elle ne disparaît.',
      ],
      'Quelle part de ta culture retrouves-tu à l’étranger ?',
    ],
    [
      'Discutez de quasi-synonymes difficiles à distinguer (par exemple « amener » et « apporter », « savoir » et « connaître »).',
      [
        'La nuance est subtile :…',
        'On dit … plutôt que … quand…',
        'Il a une connotation légèrement…',
      ],
      'Quels mots confonds-tu encore ?',
    ],
    [
      'Parle de ce qu’il te faudrait pour te sentir vraiment bilingue.',
      [
        'Être bilingue, pour moi, ce serait…',
        'Ce qui me trahit encore, c’est…',
        'Je doute de jamais…',
      ],
      "L'accent, ça compte pour toi ?",
    ],
  ],
};

import type { DeckTexts } from './card-types';

/** Spanish task cards, A1–C2, position by position the same cards as `en.ts`. */
export const ES_CARDS: DeckTexts = {
  A1: [
    [
      'Saluda. Decid vuestro nombre, vuestra ciudad y una cosa que os gusta.',
      ['Me llamo…', 'Vivo en…', 'Me gusta…'],
      '¿Qué te gusta hacer los domingos?',
    ],
    [
      'Habla de tu familia: quién es y cuántos años tienen.',
      ['Tengo un hermano / una hermana.', 'Tiene … años.', 'En mi familia somos cuatro.'],
      '¿Tienes mascota?',
    ],
    [
      'Describe tu mañana: a qué hora te levantas y qué desayunas.',
      ['Me levanto a las…', 'Para desayunar como…', 'Después voy a…'],
      '¿Qué bebes por la mañana?',
    ],
    [
      'Haced juntos la lista de la compra para un pícnic.',
      ['Necesitamos…', 'Vamos a comprar…', '¿Cuántos … necesitamos?'],
      '¿Cuál es tu comida favorita?',
    ],
    [
      'Describe tu casa: las habitaciones y tu lugar favorito.',
      ['Mi casa tiene…', 'Mi habitación favorita es…', 'Es grande / pequeña.'],
      '¿Dónde ves la tele?',
    ],
    [
      'Di qué estación del año te gusta más y por qué.',
      ['Me gusta … porque…', 'No me gusta…', 'Hace calor / frío.'],
      '¿Qué haces en verano?',
    ],
    [
      'Elegid juntos la mejor mascota: ¿un gato o un perro?',
      ['Creo que … es mejor.', 'Los gatos son… / Los perros son…', '¡Yo también! / Yo tampoco.'],
      '¿Te gustan los animales?',
    ],
    [
      'Decid vuestro color, comida y deporte favoritos, y preguntad por qué.',
      ['Mi … favorito es…', '¿Por qué?', 'Porque es…'],
      '¿Qué deporte practicas?',
    ],
    [
      'Háblale a tu compañero de una comida de tu país.',
      ['En mi país comemos…', 'Es dulce / picante.', 'Se come con…'],
      '¿Sabes cocinar?',
    ],
    [
      'Habla de una fiesta de tu país: cuándo es y qué hacéis.',
      ['Es en (mes).', 'Comemos…', 'Visitamos a…'],
      '¿Cuál es tu fiesta favorita?',
    ],
    [
      'Di por qué estudias español y cuándo empezaste.',
      ['Estudio español porque…', 'Empecé en…', 'Es fácil / difícil.'],
      '¿Hablas otros idiomas?',
    ],
    [
      'Enseña a tu compañero tres palabras de tu idioma.',
      ['En mi idioma, … es…', 'Repítelo, por favor.', '¿Cómo se escribe?'],
      '¿Qué palabra en español te gusta?',
    ],
  ],
  A2: [
    [
      'Cuéntale a tu compañero tu último fin de semana: adónde fuiste y qué hiciste.',
      ['El fin de semana pasado fui a…', 'Fue muy…', 'Después, nosotros…'],
      '¿Qué vas a hacer el próximo fin de semana?',
    ],
    [
      'Encontrad tres cosas que tenéis en común.',
      ['¿Tú también…?', '¡Yo también!', 'A los dos nos gusta…'],
      '¿Qué haces tú que sea poco común?',
    ],
    [
      'Poneos de acuerdo en un plan de fin de semana en la ciudad de tu compañero.',
      ['¿Qué tal si vamos a…?', '¿Por qué no…?', 'Me parece bien. / Prefiero…'],
      '¿Qué te gustaría ver primero?',
    ],
    [
      'Pedid una comida: uno es el camarero y el otro el cliente; después cambiad.',
      ['¿Me pone…, por favor?', '¿Qué quiere beber?', '¿Cuánto es?'],
      '¿Qué sueles pedir en un restaurante?',
    ],
    [
      'Explica cómo vas al trabajo o a clase y cuánto tardas.',
      ['Voy en autobús / en tren.', 'Tardo unos … minutos.', 'Primero…, luego…'],
      '¿Qué haces durante el trayecto?',
    ],
    [
      'Comparad dos formas de pasar la tarde: en casa o saliendo.',
      ['Prefiero … a…', 'Es más barato / más relajante.', 'Por otro lado…'],
      '¿Qué hiciste ayer por la tarde?',
    ],
    [
      'Habla de tu móvil: para qué lo usas y si lo usas demasiado.',
      ['Lo uso para…', 'Paso unas … horas al día con él.', 'Creo que es demasiado.'],
      '¿Qué aplicación usas más?',
    ],
    [
      'Decidid juntos el mejor regalo para el cumpleaños de un amigo.',
      ['¿Qué te parece…?', 'Le encantaría…', 'Es demasiado caro.'],
      '¿Cuál es el mejor regalo que te han hecho?',
    ],
    [
      'Describe una boda o una fiesta de cumpleaños típica de tu país.',
      ['Normalmente la gente…', 'Siempre hay…', 'Dura…'],
      '¿Cuál fue la última fiesta a la que fuiste?',
    ],
    [
      'Recomienda un lugar para visitar en tu país y di por qué.',
      ['Deberías visitar…', 'Es famoso por…', 'La mejor época para ir es…'],
      '¿Adónde te gustaría viajar la próxima vez?',
    ],
    [
      'Háblale a tu compañero de tu clase o profesor de español favorito.',
      ['Mi profesor era…', 'Solíamos…', 'Me acuerdo de cuando…'],
      '¿Cómo aprendes palabras nuevas?',
    ],
    [
      'Comparte un error que cometes a menudo en español y ayudaos.',
      ['A menudo se me olvida…', '¿Es correcto decir…?', 'Puedes decir … en su lugar.'],
      '¿Qué te ayuda a recordar la gramática?',
    ],
  ],
  B1: [
    [
      'Cuenta una historia corta de una vez que algo salió mal en un viaje.',
      ['Pasó cuando…', 'De repente…', 'Al final…'],
      '¿Qué aprendiste de aquello?',
    ],
    [
      'Describe a una persona que te haya influido y explica cómo.',
      ['Me enseñó a…', 'Lo admiro porque…', 'Gracias a ella, yo…'],
      '¿A quién le pides consejo?',
    ],
    [
      'Planead el presupuesto de un viaje de tres días y decidid en qué gastar más.',
      ['Podríamos ahorrar en…', 'Vale la pena gastar más en…', 'Quedamos en que…'],
      '¿Prefieres planificar o improvisar?',
    ],
    [
      'Describe un problema de tu barrio y propón una solución.',
      ['Un problema es que…', 'Sería mejor si…', 'El ayuntamiento debería…'],
      '¿Qué es lo que más te gusta de donde vives?',
    ],
    [
      'Habla de cómo te relajas después de un día de mucho trabajo.',
      ['Para desconectar,…', 'Intento no…', 'Me ayuda a…'],
      '¿Cómo sería tu día libre perfecto?',
    ],
    [
      'Defiende una opinión durante un minuto: «Trabajar desde casa es mejor que trabajar en una oficina». Luego responde tu compañero.',
      ['En mi opinión…', 'La razón principal es…', 'Entiendo lo que dices, pero…'],
      '¿Qué te haría cambiar de opinión?',
    ],
    [
      'Debatid si las redes sociales unen a las personas o las separan.',
      ['Por un lado…', 'Por otro lado…', 'Depende de…'],
      '¿Cómo han cambiado tu vida las redes sociales?',
    ],
    [
      'Poneos de acuerdo en tres reglas para un buen compañero de piso.',
      ['Un buen compañero de piso debería…', 'Es importante no…', 'Estoy de acuerdo, siempre que…'],
      '¿Has compartido piso alguna vez?',
    ],
    [
      'Explica una costumbre de tu país que sorprende a los visitantes.',
      [
        'A los visitantes a menudo les sorprende que…',
        'Se considera de mala educación…',
        'El motivo es que…',
      ],
      '¿Qué te sorprendió de otra cultura?',
    ],
    [
      'Describe una película o serie de tu país y convence a tu compañero de verla.',
      ['Trata de…', 'Lo que más me gusta es…', 'Tienes que verla sin falta.'],
      '¿Qué fue lo último que viste?',
    ],
    [
      'Comparad cómo aprendéis español: aplicaciones, clases, películas, amigos.',
      ['Lo que mejor me funciona es…', 'He probado…, pero…', '¿Alguna vez has probado…?'],
      '¿Cuál es tu objetivo para los próximos seis meses?',
    ],
    [
      'Describe un momento en el que te sentiste orgulloso de tu español.',
      ['Conseguí…', 'Estaba nervioso, pero…', 'Me hizo sentir…'],
      '¿Cuándo te sientes menos seguro?',
    ],
  ],
  B2: [
    [
      'Describe una decisión que cambió tu vida y qué habría pasado si no la hubieras tomado.',
      ['Si no hubiera…, habría…', 'Mirando atrás…', 'Resultó que…'],
      '¿Tomarías la misma decisión otra vez?',
    ],
    [
      'Habla de una habilidad que te gustaría dominar y de lo que te lo impide.',
      ['Siempre he querido…', 'Lo que me frena es…', 'Tengo pensado…'],
      '¿Cómo mantienes la motivación?',
    ],
    [
      'Negociad cómo repartir las tareas de casa de forma justa en un piso compartido.',
      ['¿Estarías dispuesto a…?', 'A cambio, yo podría…', 'Me parece justo, siempre y cuando…'],
      '¿Qué tarea de la casa odias más?',
    ],
    [
      'Hablad de cómo gestionáis el estrés y daos un consejo el uno al otro.',
      ['Lo que suele estresarme es…', 'Algo que me ayuda es…', '¿Te has planteado…?'],
      '¿Ha cambiado tu forma de afrontarlo con los años?',
    ],
    [
      'Comparad el coste de la vida donde vivís y qué cambiaríais.',
      [
        'El alquiler se lleva más o menos…',
        'Lo que es sorprendentemente caro es…',
        'Cada vez es más difícil…',
      ],
      '¿Te imaginas mudarte a un sitio más barato?',
    ],
    [
      'Debate: «El turismo hace más daño que bien a las ciudades populares». Cada uno defiende una postura durante dos minutos.',
      ['No se puede negar que…', 'Los críticos sostienen que…, pero…', 'Teniendo todo en cuenta…'],
      '¿Cómo podrían las ciudades recibir mejor a los turistas?',
    ],
    [
      'Debatid si la inteligencia artificial creará o destruirá más empleos.',
      ['Es probable que…', 'Lo que me preocupa es…', 'No estoy del todo convencido de que…'],
      '¿Cómo usas la IA hoy en día?',
    ],
    [
      'Decidid tres asignaturas que todos los colegios deberían enseñar y casi ninguno enseña.',
      ['Es fundamental que los alumnos aprendan…', 'Yo diría que…', 'Tienes razón, aunque…'],
      '¿Qué te habría gustado aprender en el colegio?',
    ],
    [
      'Explica un estereotipo sobre tu país y hasta qué punto es cierto.',
      ['La gente suele pensar que…', 'Tiene algo de verdad, pero…', 'Varía mucho de … a…'],
      '¿Qué estereotipo tenías sobre otro país?',
    ],
    [
      'Habla de cómo ha cambiado una tradición de tu país en la última generación.',
      [
        'Cuando mis padres eran jóvenes…',
        'Hoy en día, cada vez más gente…',
        'Me parece una pena / algo bueno que…',
      ],
      '¿Qué tradición te gustaría conservar para siempre?',
    ],
    [
      'Hablad de lo más difícil de llegar a un nivel avanzado y de cómo salir del estancamiento.',
      [
        'A estas alturas, lo que más me cuesta es…',
        'Me he dado cuenta de que…',
        'Una estrategia que me funcionó fue…',
      ],
      '¿Cómo mides tu progreso?',
    ],
    [
      'Explica una expresión de tu idioma y buscad juntos un equivalente en español.',
      ['Literalmente significa…', 'Se usa cuando…', 'Lo más parecido en español es…'],
      '¿Cuál es tu expresión favorita en español?',
    ],
  ],
  C1: [
    [
      'Describe el lugar donde creciste con tanto detalle que tu compañero pueda imaginarlo.',
      [
        'Lo primero que llama la atención es…',
        'Tiene un cierto encanto que…',
        'Es el tipo de lugar donde…',
      ],
      '¿Cómo ha cambiado desde que te fuiste?',
    ],
    [
      'Habla de una creencia que defendías con firmeza y que después cambiaste.',
      [
        'Antes estaba convencido de que…',
        'Lo que me hizo replantearlo fue…',
        'He acabado pensando que…',
      ],
      '¿Cuál de tus creencias te cuesta más cuestionar?',
    ],
    [
      'Negociad un acuerdo: uno quiere irse al extranjero por trabajo y el otro quiere quedarse.',
      [
        'Entiendo perfectamente tu preocupación, pero…',
        '¿Y si…?',
        'Podría aceptarlo con la condición de que…',
      ],
      '¿Qué sería innegociable para ti?',
    ],
    [
      'Debatid cómo la tecnología ha difuminado la frontera entre el trabajo y la vida privada.',
      [
        'Cada vez resulta más difícil…',
        'En consecuencia…',
        'Se podría decir que en parte es culpa nuestra…',
      ],
      '¿Tienes alguna regla para desconectar?',
    ],
    [
      'Describe una ocasión en la que tuviste que llevar una conversación difícil en el trabajo o en casa.',
      [
        'Tuve que andarme con cuidado porque…',
        'Visto en perspectiva, debería haber…',
        'Lo que saqué en claro fue…',
      ],
      '¿Cómo sueles gestionar los conflictos?',
    ],
    [
      'Defiende durante dos minutos una postura que no compartes; tu compañero adivina tu opinión real.',
      ['No perdamos de vista que…', 'Sería ingenuo pensar que…', 'Todo parece indicar que…'],
      '¿Te resultó más difícil de lo que esperabas?',
    ],
    [
      'Debatid si los gobiernos deberían limitar el tiempo que los niños pasan en internet.',
      [
        'Hay argumentos de peso a favor de…',
        'Dicho esto, cabe preguntarse…',
        '¿Dónde ponemos el límite?',
      ],
      '¿Quién debería responsabilizarse: los padres, los colegios o las empresas?',
    ],
    [
      'Hablad de lo que significa «éxito» para vosotros y de cómo lo mide la sociedad.',
      [
        'Para mí, el éxito se reduce a…',
        'La sociedad tiende a equiparar el éxito con…',
        'Me atrevería a decir que…',
      ],
      '¿Ha cambiado tu idea del éxito con la edad?',
    ],
    [
      'Analiza una palabra o idea de tu cultura que no tiene traducción directa.',
      [
        'La traducción más cercana sería…, pero pierde…',
        'Recoge la idea de…',
        'Refleja nuestra manera de…',
      ],
      '¿Hay alguna palabra en español que te gustaría que tuviera tu idioma?',
    ],
    [
      'Comparad el humor de vuestra cultura con el humor de un país hispanohablante.',
      [
        'Lo que nos hace gracia suele ser…',
        'La ironía y el sarcasmo…',
        'Algo que en mi país no haría ninguna gracia es…',
      ],
      '¿Sabes algún chiste que no se pueda traducir?',
    ],
    [
      'Hablad de si tenéis otra personalidad cuando habláis español.',
      ['Cuando hablo español, doy la impresión de ser…', 'Me noto más…', 'Es como si…'],
      '¿En qué idioma piensas?',
    ],
    [
      'Explica cómo enseñarías tu idioma a un principiante absoluto en un mes.',
      ['En lo primero que me centraría es…', 'Evitaría…', 'La clave estaría en…'],
      '¿Qué hacía diferente tu mejor profesor?',
    ],
  ],
  C2: [
    [
      'Cuenta la historia de un objeto del que nunca te desharías, con todos los matices que puedas.',
      [
        'Puede parecer una tontería, pero…',
        'Lleva consigo…',
        'Cada vez que lo miro, me acuerdo de…',
      ],
      '¿Qué dice de ti?',
    ],
    [
      'Pregunta a tu compañero por su trabajo o sus estudios, resúmeselo y deja que te corrija.',
      [
        'Entonces, si te he entendido bien…',
        'Corrígeme si me equivoco, pero…',
        'En el fondo, lo que dices es que…',
      ],
      '¿Qué se me ha escapado?',
    ],
    [
      'Mediad en un conflicto por ruido: uno es el vecino y el otro el mediador.',
      [
        'Intentemos encontrar un punto en común.',
        'Entiendo lo que dice, y…',
        '¿Le parecería aceptable que…?',
      ],
      '¿Qué hace falta para ser un buen mediador?',
    ],
    [
      'Hablad de los costes ocultos de la comodidad: apps de reparto, moda rápida, envíos en 24 horas.',
      ['Lo que solemos pasar por alto es…', 'Tiene un precio:…', 'No sé si se puede tener todo.'],
      '¿A qué comodidad te costaría más renunciar?',
    ],
    [
      'Habla de cómo pasarías un año sin obligaciones y justifica tus elecciones.',
      ['Aprovecharía para…', 'Lejos de ser un lujo, sería…', 'Con lo que tendría cuidado es…'],
      '¿Qué te impide hacer parte de eso ahora?',
    ],
    [
      'Debate: «La privacidad es un precio que vale la pena pagar por la seguridad». Defended las dos posturas por turnos.',
      [
        'Es cierto que…, pero de ahí no se deduce que…',
        'Cabría objetar que…',
        'En última instancia, todo depende de…',
      ],
      '¿Dónde pondrías tú el límite?',
    ],
    [
      'Debatid si el arte debe juzgarse al margen de la vida privada del artista.',
      [
        'A mi juicio, ambas cosas son inseparables.',
        'Por el contrario, se podría argumentar que…',
        'Es un terreno resbaladizo.',
      ],
      '¿Hay alguna obra que ya no puedas disfrutar?',
    ],
    [
      'Argumenta a favor o en contra de la semana laboral de cuatro días, con ejemplos concretos.',
      [
        'Los datos distan mucho de ser concluyentes.',
        'Es lógico pensar que…',
        'Sus defensores replicarían que…',
      ],
      '¿Qué harías con el día extra?',
    ],
    [
      'Explica cómo la historia sigue marcando las actitudes cotidianas en tu país.',
      ['Está muy arraigado en…', 'Todavía se notan sus huellas en…', 'Es un tema delicado porque…'],
      '¿Sobre qué momento histórico sigue sin haber acuerdo?',
    ],
    [
      'Debatid si la globalización hace que las culturas se parezcan más o les ayuda a difundirse.',
      [
        'Hay una tendencia a…',
        'Paradójicamente,…',
        'La cultura local se reinventa más que se pierde.',
      ],
      '¿Qué parte de tu cultura ves en el extranjero?',
    ],
    [
      'Hablad de palabras casi sinónimas que os cuesta distinguir (por ejemplo, «ser» y «estar», «por» y «para»).',
      ['La diferencia es sutil:…', 'Se dice … y no … cuando…', 'Tiene una connotación un poco…'],
      '¿Qué palabras todavía confundes?',
    ],
    [
      'Habla de lo que haría falta para que te sintieras de verdad bilingüe.',
      [
        'Ser bilingüe, para mí, significaría…',
        'Lo que todavía me delata es…',
        'Dudo que llegue nunca a…',
      ],
      '¿Te importa tener acento?',
    ],
  ],
};

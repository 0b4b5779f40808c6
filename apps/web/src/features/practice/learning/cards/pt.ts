import type { DeckTexts } from './card-types';

/** Portuguese (Brazilian) task cards, A1–C2, position by position the same cards as `en.ts`. */
export const PT_CARDS: DeckTexts = {
  A1: [
    [
      'Diga oi. Contem o seu nome, a sua cidade e uma coisa de que vocês gostam.',
      ['Meu nome é…', 'Eu moro em…', 'Eu gosto de…'],
      'O que você gosta de fazer no domingo?',
    ],
    [
      'Fale da sua família: quem faz parte dela e quantos anos eles têm.',
      ['Eu tenho um irmão / uma irmã.', 'Ele tem … anos.', 'Na minha família somos quatro.'],
      'Você tem algum bicho de estimação?',
    ],
    [
      'Descreva a sua manhã: a que horas você acorda e o que come.',
      ['Eu acordo às…', 'No café da manhã eu como…', 'Depois eu vou para…'],
      'O que você bebe de manhã?',
    ],
    [
      'Façam juntos uma lista de compras para um piquenique.',
      ['A gente precisa de…', 'Vamos comprar…', 'Quantos … a gente precisa?'],
      'Qual é a sua comida favorita?',
    ],
    [
      'Descreva a sua casa: os cômodos e o seu lugar favorito.',
      ['A minha casa tem…', 'O meu cômodo favorito é…', 'É grande / pequena.'],
      'Onde você assiste TV?',
    ],
    [
      'Diga de qual estação do ano você mais gosta e por quê.',
      ['Eu gosto de … porque…', 'Eu não gosto de…', 'Faz calor / frio.'],
      'O que você faz no verão?',
    ],
    [
      'Escolham juntos o melhor bicho de estimação: gato ou cachorro?',
      [
        'Eu acho que … é melhor.',
        'Os gatos são… / Os cachorros são…',
        'Eu também! / Eu também não.',
      ],
      'Você gosta de animais?',
    ],
    [
      'Digam a sua cor, comida e esporte favoritos e perguntem por quê.',
      ['O meu … favorito é…', 'Por quê?', 'Porque é…'],
      'Que esporte você pratica?',
    ],
    [
      'Conte ao seu parceiro sobre uma comida do seu país.',
      ['No meu país a gente come…', 'É doce / apimentado.', 'Se come com…'],
      'Você sabe cozinhar?',
    ],
    [
      'Fale de uma festa do seu país: quando é e o que vocês fazem.',
      ['É em (mês).', 'A gente come…', 'A gente visita…'],
      'Qual é a sua festa favorita?',
    ],
    [
      'Diga por que você estuda português e quando começou.',
      ['Eu estudo português porque…', 'Eu comecei em…', 'É fácil / difícil.'],
      'Você fala outras línguas?',
    ],
    [
      'Ensine ao seu parceiro três palavras da sua língua.',
      ['Na minha língua, … é…', 'Repete, por favor.', 'Como se escreve?'],
      'Qual palavra em português você acha bonita?',
    ],
  ],
  A2: [
    [
      'Conte ao seu parceiro como foi o seu último fim de semana: aonde você foi e o que fez.',
      ['No fim de semana passado eu fui a…', 'Foi muito…', 'Depois a gente…'],
      'O que você vai fazer no próximo fim de semana?',
    ],
    [
      'Encontrem três coisas que vocês têm em comum.',
      ['Você também…?', 'Eu também!', 'Nós dois gostamos de…'],
      'O que você faz que é meio diferente?',
    ],
    [
      'Combinem um fim de semana juntos na cidade do seu parceiro.',
      ['Que tal a gente ir a…?', 'Por que a gente não…?', 'Boa ideia. / Eu prefiro…'],
      'O que você gostaria de ver primeiro?',
    ],
    [
      'Peçam uma refeição: um é o garçom, o outro é o cliente; depois troquem.',
      ['Eu queria…, por favor.', 'Vai querer alguma coisa para beber?', 'Quanto é?'],
      'O que você costuma pedir num restaurante?',
    ],
    [
      'Explique como você vai para o trabalho ou para a aula e quanto tempo leva.',
      ['Eu pego o ônibus / o metrô.', 'Leva uns … minutos.', 'Primeiro…, depois…'],
      'O que você faz no caminho?',
    ],
    [
      'Comparem duas formas de passar a noite: em casa ou saindo.',
      ['Eu prefiro … a…', 'É mais barato / mais tranquilo.', 'Por outro lado…'],
      'O que você fez ontem à noite?',
    ],
    [
      'Fale do seu celular: para que você usa e se usa demais.',
      ['Eu uso para…', 'Eu passo umas … horas por dia nele.', 'Acho que é demais.'],
      'Qual aplicativo você mais usa?',
    ],
    [
      'Decidam juntos o melhor presente para o aniversário de um amigo.',
      ['Que tal…?', 'Ela ia adorar…', 'É caro demais.'],
      'Qual foi o melhor presente que você já ganhou?',
    ],
    [
      'Descreva um casamento ou uma festa de aniversário típica do seu país.',
      ['Normalmente as pessoas…', 'Sempre tem…', 'Dura…'],
      'Qual foi a última festa que você foi?',
    ],
    [
      'Recomende um lugar para visitar no seu país e diga por quê.',
      ['Você devia visitar…', 'É famoso por…', 'A melhor época para ir é…'],
      'Para onde você gostaria de viajar da próxima vez?',
    ],
    [
      'Conte ao seu parceiro sobre a sua aula ou professor de português favorito.',
      ['O meu professor era…', 'A gente costumava…', 'Eu lembro quando…'],
      'Como você aprende palavras novas?',
    ],
    [
      'Compartilhe um erro que você comete muito em português e se ajudem.',
      ['Eu sempre esqueço…', 'Está certo dizer…?', 'Você pode dizer … no lugar.'],
      'O que te ajuda a lembrar a gramática?',
    ],
  ],
  B1: [
    [
      'Conte uma história curta de uma vez em que algo deu errado numa viagem.',
      ['Aconteceu quando…', 'De repente…', 'No final…'],
      'O que você aprendeu com isso?',
    ],
    [
      'Descreva uma pessoa que te influenciou e explique como.',
      ['Ela me ensinou a…', 'Eu admiro ele porque…', 'Graças a ela, eu…'],
      'A quem você pede conselho?',
    ],
    [
      'Planejem o orçamento de uma viagem de três dias e decidam em que gastar mais.',
      ['A gente podia economizar em…', 'Vale a pena gastar mais com…', 'Então fica combinado que…'],
      'Você prefere planejar ou improvisar?',
    ],
    [
      'Descreva um problema do seu bairro e sugira uma solução.',
      ['Um problema é que…', 'Seria melhor se…', 'A prefeitura devia…'],
      'Do que você mais gosta no lugar onde mora?',
    ],
    [
      'Fale de como você relaxa depois de um dia corrido.',
      ['Para desligar, eu…', 'Eu tento não…', 'Isso me ajuda a…'],
      'Como seria o seu dia de folga perfeito?',
    ],
    [
      'Defenda uma opinião por um minuto: "Trabalhar de casa é melhor do que trabalhar no escritório." Depois o seu parceiro responde.',
      ['Na minha opinião…', 'O principal motivo é…', 'Entendo o seu ponto, mas…'],
      'O que faria você mudar de ideia?',
    ],
    [
      'Discutam se as redes sociais aproximam ou afastam as pessoas.',
      ['Por um lado…', 'Por outro lado…', 'Depende de…'],
      'Como as redes sociais mudaram a sua vida?',
    ],
    [
      'Combinem três regras para ser um bom colega de apartamento.',
      ['Um bom colega de apartamento devia…', 'É importante não…', 'Concordo, desde que…'],
      'Você já dividiu apartamento?',
    ],
    [
      'Explique um costume do seu país que surpreende os visitantes.',
      [
        'Os visitantes costumam se surpreender que…',
        'É considerado falta de educação…',
        'O motivo é que…',
      ],
      'O que te surpreendeu em outra cultura?',
    ],
    [
      'Descreva um filme ou série do seu país e convença o seu parceiro a assistir.',
      ['É sobre…', 'O que eu mais adoro é…', 'Você tem que assistir.'],
      'Qual foi a última coisa que você assistiu?',
    ],
    [
      'Comparem como vocês aprendem português: aplicativos, aulas, filmes, amigos.',
      ['O que funciona melhor para mim é…', 'Eu já tentei…, mas…', 'Você já experimentou…?'],
      'Qual é a sua meta para os próximos seis meses?',
    ],
    [
      'Descreva um momento em que você sentiu orgulho do seu português.',
      ['Eu consegui…', 'Eu estava nervoso, mas…', 'Isso me fez sentir…'],
      'Quando você se sente menos confiante?',
    ],
  ],
  B2: [
    [
      'Descreva uma decisão que mudou a sua vida e o que poderia ter acontecido se fosse diferente.',
      ['Se eu não tivesse…, eu teria…', 'Olhando para trás…', 'Acabou que…'],
      'Você tomaria a mesma decisão de novo?',
    ],
    [
      'Fale de uma habilidade que você gostaria de dominar e do que está no caminho.',
      ['Eu sempre quis…', 'O que me impede é…', 'Estou pensando em…'],
      'Como você se mantém motivado?',
    ],
    [
      'Negociem como dividir as tarefas de casa de forma justa numa casa compartilhada.',
      ['Você toparia…?', 'Em troca, eu poderia…', 'Parece justo, desde que…'],
      'Qual tarefa de casa você mais odeia?',
    ],
    [
      'Conversem sobre como vocês lidam com o estresse e deem um conselho um ao outro.',
      ['O que costuma me estressar é…', 'Uma coisa que me ajuda é…', 'Você já pensou em…?'],
      'O seu jeito de lidar com isso mudou com os anos?',
    ],
    [
      'Comparem o custo de vida onde vocês moram e o que mudariam.',
      [
        'O aluguel leva mais ou menos…',
        'O que é surpreendentemente caro é…',
        'Está cada vez mais difícil…',
      ],
      'Você se imagina se mudando para um lugar mais barato?',
    ],
    [
      'Debate: "O turismo faz mais mal do que bem às cidades famosas." Cada um defende um lado por dois minutos.',
      ['Não dá para negar que…', 'Os críticos dizem que…, mas…', 'Pesando tudo…'],
      'Como as cidades poderiam receber melhor os turistas?',
    ],
    [
      'Discutam se a inteligência artificial vai criar ou destruir mais empregos.',
      ['É provável que…', 'O que me preocupa é…', 'Não estou totalmente convencido de que…'],
      'Como você usa IA hoje?',
    ],
    [
      'Decidam juntos três matérias que toda escola deveria ensinar e quase nenhuma ensina.',
      ['É essencial que os alunos aprendam…', 'Eu diria que…', 'É um bom argumento, embora…'],
      'O que você queria ter aprendido na escola?',
    ],
    [
      'Explique um estereótipo sobre o seu país e até que ponto ele é verdade.',
      ['As pessoas costumam achar que…', 'Tem um fundo de verdade, mas…', 'Varia muito de … para…'],
      'Que estereótipo você tinha sobre outro país?',
    ],
    [
      'Fale de como uma tradição do seu país mudou na última geração.',
      [
        'Quando os meus pais eram jovens…',
        'Hoje em dia, cada vez mais gente…',
        'Acho uma pena / uma coisa boa que…',
      ],
      'Que tradição você gostaria de manter para sempre?',
    ],
    [
      'Conversem sobre o mais difícil de chegar a um nível avançado e como sair da estagnação.',
      [
        'Nessa fase, o que mais me custa é…',
        'Eu percebi que…',
        'Uma estratégia que funcionou para mim foi…',
      ],
      'Como você mede o seu progresso?',
    ],
    [
      'Explique uma expressão da sua língua e procurem juntos um equivalente em português.',
      ['Ao pé da letra, quer dizer…', 'A gente usa quando…', 'O mais parecido em português é…'],
      'Qual é a sua expressão favorita em português?',
    ],
  ],
  C1: [
    [
      'Descreva o lugar onde você cresceu com tantos detalhes que o seu parceiro consiga imaginá-lo.',
      ['O que chama a atenção primeiro é…', 'Tem um certo clima de…', 'É o tipo de lugar onde…'],
      'Como ele mudou desde que você saiu de lá?',
    ],
    [
      'Fale de uma crença que você defendia com força e depois mudou.',
      [
        'Eu tinha certeza de que…',
        'O que me fez repensar foi…',
        'Acabei chegando à conclusão de que…',
      ],
      'Qual das suas crenças é a mais difícil de questionar?',
    ],
    [
      'Negociem um meio-termo: um quer se mudar para o exterior por causa de um emprego, o outro quer ficar.',
      [
        'Entendo perfeitamente a sua preocupação, mas…',
        'E se a gente…?',
        'Eu até aceitaria, com a condição de que…',
      ],
      'O que seria inegociável para você?',
    ],
    [
      'Discutam como a tecnologia apagou a fronteira entre trabalho e vida pessoal.',
      [
        'Está cada vez mais difícil…',
        'O resultado é que…',
        'Dá para dizer que a culpa em parte é nossa.',
      ],
      'Você tem alguma regra para se desconectar?',
    ],
    [
      'Descreva uma vez em que você teve que conduzir uma conversa difícil no trabalho ou em casa.',
      [
        'Tive que pisar em ovos porque…',
        'Pensando bem, eu deveria ter…',
        'O que eu tirei disso foi…',
      ],
      'Como você costuma lidar com conflitos?',
    ],
    [
      'Defenda por dois minutos uma opinião que não é a sua; o seu parceiro tenta adivinhar o que você realmente pensa.',
      ['Não podemos perder de vista que…', 'Seria ingênuo achar que…', 'Tudo indica que…'],
      'Foi mais difícil do que você esperava?',
    ],
    [
      'Debatam se os governos deveriam limitar o tempo que as crianças passam na internet.',
      [
        'Há bons argumentos a favor de…',
        'Dito isso, fica a pergunta:…',
        'Onde a gente coloca o limite?',
      ],
      'Quem deveria ser responsável: os pais, a escola ou as empresas?',
    ],
    [
      'Conversem sobre o que "sucesso" significa para vocês e como a sociedade o mede.',
      [
        'Para mim, sucesso se resume a…',
        'A sociedade tende a associar sucesso a…',
        'Eu iria ainda mais longe e diria que…',
      ],
      'A sua ideia de sucesso mudou com a idade?',
    ],
    [
      'Analise uma palavra ou ideia da sua cultura que não tem tradução direta.',
      [
        'A tradução mais próxima seria…, mas perde…',
        'Ela traduz a ideia de…',
        'Reflete o nosso jeito de…',
      ],
      'Existe alguma palavra em português que você gostaria que a sua língua tivesse?',
    ],
    [
      'Comparem o humor da sua cultura com o humor brasileiro ou português.',
      [
        'O que nos faz rir costuma ser…',
        'A ironia e o sarcasmo…',
        'Uma piada que não teria graça nenhuma no meu país é…',
      ],
      'Você sabe alguma piada que não dá para traduzir?',
    ],
    [
      'Conversem sobre se vocês têm outra personalidade quando falam português.',
      ['Quando falo português, eu pareço…', 'Eu me sinto mais…', 'É como se…'],
      'Em que língua você pensa?',
    ],
    [
      'Explique como você ensinaria a sua língua a um iniciante total em um mês.',
      ['A primeira coisa em que eu focaria é…', 'Eu evitaria…', 'O segredo seria…'],
      'O que o seu melhor professor fazia de diferente?',
    ],
  ],
  C2: [
    [
      'Conte a história de um objeto de que você nunca se desfaria, com o máximo de nuances.',
      ['Pode parecer bobagem, mas…', 'Ele carrega…', 'Toda vez que olho para ele, lembro de…'],
      'O que isso diz sobre você?',
    ],
    [
      'Pergunte ao seu parceiro sobre o trabalho ou os estudos dele, resuma para ele e deixe que ele te corrija.',
      [
        'Então, se eu entendi bem…',
        'Me corrija se eu estiver errado, mas…',
        'No fundo, o que você está dizendo é…',
      ],
      'O que eu deixei passar?',
    ],
    [
      'Façam a mediação de uma briga por barulho: um é o vizinho, o outro é o mediador.',
      [
        'Vamos tentar encontrar um meio-termo.',
        'Entendo o que o senhor está dizendo, e…',
        'Seria aceitável se…?',
      ],
      'O que faz um bom mediador?',
    ],
    [
      'Discutam os custos escondidos da conveniência: aplicativos de entrega, fast fashion, entrega no dia seguinte.',
      [
        'O que a gente costuma ignorar é…',
        'Isso tem um preço:…',
        'Não sei se dá para ter tudo ao mesmo tempo.',
      ],
      'De qual conveniência seria mais difícil abrir mão?',
    ],
    [
      'Conte como você passaria um ano sem nenhuma obrigação e justifique as suas escolhas.',
      ['Eu aproveitaria para…', 'Longe de ser um luxo, seria…', 'Eu tomaria cuidado com…'],
      'O que te impede de fazer parte disso agora?',
    ],
    [
      'Debate: "A privacidade é um preço que vale a pena pagar pela segurança." Defendam os dois lados, um de cada vez.',
      [
        'É verdade que…, mas isso não quer dizer que…',
        'Alguém poderia objetar, com razão, que…',
        'No fim das contas, tudo depende de…',
      ],
      'Onde você, pessoalmente, colocaria o limite?',
    ],
    [
      'Discutam se a arte deve ser julgada separadamente da vida pessoal do artista.',
      [
        'Para mim, as duas coisas são inseparáveis.',
        'Por outro lado, dá para argumentar que…',
        'É um terreno escorregadio.',
      ],
      'Existe alguma obra que você não consegue mais apreciar?',
    ],
    [
      'Argumente a favor ou contra a semana de quatro dias de trabalho, com exemplos concretos.',
      [
        'Os dados estão longe de ser conclusivos.',
        'É de se esperar que…',
        'Os defensores responderiam que…',
      ],
      'O que você faria com o dia a mais?',
    ],
    [
      'Explique como a história ainda molda as atitudes do dia a dia no seu país.',
      [
        'Está profundamente enraizado em…',
        'Ainda dá para ver marcas disso em…',
        'É um assunto delicado porque…',
      ],
      'Sobre que momento da história as pessoas ainda discordam?',
    ],
    [
      'Discutam se a globalização deixa as culturas mais parecidas ou ajuda a espalhá-las.',
      [
        'Existe uma tendência a…',
        'Paradoxalmente,…',
        'A cultura local está se reinventando, e não desaparecendo.',
      ],
      'Que parte da sua cultura você vê no exterior?',
    ],
    [
      'Conversem sobre quase sinônimos que vocês acham difíceis de distinguir (por exemplo, "ser" e "estar", "por" e "para").',
      ['A diferença é sutil:…', 'A gente diz … e não … quando…', 'Tem uma conotação um pouco…'],
      'Que palavras você ainda confunde?',
    ],
    [
      'Fale do que seria preciso para você se sentir realmente bilíngue.',
      ['Ser bilíngue, para mim, seria…', 'O que ainda me entrega é…', 'Duvido que um dia eu vá…'],
      'O sotaque importa para você?',
    ],
  ],
};

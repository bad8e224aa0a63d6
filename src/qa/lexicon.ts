/**
 * Word lists the fact and grammar checks read a draft with. They describe how
 * conference pages and sentences look, not any one site: a value made only of
 * these words was taken from the page around the facts, not from the facts.
 */

const set = (text: string): ReadonlySet<string> =>
  new Set(
    text
      .trim()
      .split(/\s*\n\s*|\s*\|\s*/)
      .filter(Boolean),
  );

/**
 * Headings of a speaker page in the languages conference sites are written in
 * ("Palestrantes" is Portuguese for Speakers): a heading is never the event.
 */
export const PAGE_HEADINGS = set(`
speakers | speaker | our speakers | all speakers | the speakers | featured speakers | keynote speakers | speaker list
orateurs | intervenants | conférenciers | conferenciers | palestrantes | ponentes | oradores | conferenciantes | conferenciants
referenten | sprecher | vortragende | redner | sprekers | relatori | prelegenci | prelegenti | mówcy | spikers
programme | program | programa | programação | programacao | programm | schedule | agenda | line-up | lineup
timetable | time table | zeitplan | horaire | horario | calendario | cronograma | talks | sessions | 講演者 | タイムテーブル
home | about | menu | contact | tickets | sponsors | venue | news | blog | faq | team | organizers | organisers
`);

/** Links and labels around a profile on the page: a screen-reader label or a "more" link is never a fact. */
export const FURNITURE_RE =
  /(?:social\s+media\s+links?|\bsocial\s+links?\b|\bread\s+more\b|\(more\W*\)|\bmore\s*(?:…|\.\.\.)|^more$|\bview\s+(?:profile|bio|more)\b|\bshow\s+(?:more|less)\b|\bclick\s+here\b|\bskip\s+to\b|\bopens?\s+in\s+a\s+new\b|\bback\s+to\s+top\b|^[\s#»«›‹>|/•·*–—-]+$|^[»«›‹>•·]\s*)/iu;

/** What a programme calls a slot; as a talk's title it names no talk. */
export const SESSION_KINDS = set(`
keynote | opening keynote | closing keynote | talk | session | lightning talk | lightning talks | workshop | panel
panel discussion | fireside chat | presentation | tutorial | lecture | q&a | ama | demo | tba | tbd | to be announced
to be confirmed | tbc | break | coffee break | lunch | lunch break | breakfast | dinner | registration | check-in
doors open | welcome | welcome address | opening | opening remarks | closing | closing remarks | networking | happy hour
social | party | afterparty | after party | reception | meetup | unconference | open space | hackathon | sponsor talk
intro | introduction | introductions | close | wrap-up | wrap up | recap | summary | housekeeping | closing session
welcome note | welcome speech | opening note | closing note | vote of thanks | inauguration | inaugural address
`);

/** Rows of an agenda; a "person" named only with these words is an agenda row. */
export const AGENDA_WORDS = set(`
doors | open | opening | registration | check-in | checkin | lunch | breakfast | dinner | coffee | break | welcome | closing
remarks | networking | keynote | panel | party | reception | happy | hour | tba | tbd | tbc | session | sessions | talk
talks | workshop | workshops | day | track | room | hall | stage | intro | introduction | wrap-up | wrap | up | end
social | media | links | more | speakers | speaker | schedule | agenda | program | programme | sponsors | q&a | and | &
`);

/**
 * Languages, platforms and fields. A draft that names one where an employer or an
 * event belongs ("something you run into at Java?") has taken a topic for a company.
 */
export const TOPIC_WORDS = set(`
java | javascript | typescript | python | kotlin | swift | rust | golang | go | ruby | rails | elixir | erlang | scala
clojure | haskell | php | perl | c# | c++ | .net | dotnet | f# | julia | r | sql | nosql | graphql | html | css
android | ios | web | mobile | cloud | frontend | front-end | backend | back-end | devops | devsecops | security
data | big data | ai | ml | machine learning | deep learning | blockchain | iot | ar | vr | xr | ux | ui | design
kubernetes | serverless | microservices | react | angular | vue | svelte | node | node.js | deno | flutter | unity
linux | azure | observability | accessibility | testing | open source | agile | product | leadership | online
engineering | software | hardware | robotics | gaming | fintech | edtech | healthtech | analytics | embedded
`);

/**
 * Common nouns and adjectives that name fields of work. Capitalised in mid-sentence
 * on their own ("swapping notes on Cloud", "a Software developer") they were
 * pasted from a heading or a title case label; inside a name they stay capitalised.
 */
export const LOWER_CASE_FIELDS = set(`
cloud | online | software | web | data | security | engineering | leadership | design | mobile | development
developer | developers | testing | product | products | management | marketing | research | strategy | innovation
digital | frontend | backend | infrastructure | platform | platforms | community | education | science | art | arts
history | health | programming | architecture | performance | analytics | accessibility | automation | observability
technology | technologies | startup | startups | sales | growth | operations | consulting | training | networking
systems | services | tools | mentoring | coaching | teaching | writing | speaking | hiring | recruiting | culture
`);

/** Head nouns of an organisation's name, after which "of X" or "for X" is part of the name. */
export const ORG_HEADS = set(`
institute | university | center | centre | school | college | department | foundation | association | society
laboratory | lab | labs | council | ministry | bank | museum | hospital | agency | office | academy | federation
union | board | commission | authority | observatory | library | network | alliance | consortium | initiative
`);

/** Lower-case words that may join the capitalised words of one name ("Center for Distributive, Labor and Social Studies"). */
export const NAME_JOINERS: ReadonlySet<string> = new Set([
  'of',
  'for',
  'de',
  'der',
  'des',
  'du',
  'la',
  'le',
  'del',
  'da',
  'do',
  'dos',
  'das',
  'di',
  'and',
  '&',
  'on',
  'in',
  'at',
  'und',
  'y',
  'e',
  'van',
  'von',
]);

/** Lower-case words that join two capitalised words of one name only when both sides are capitalised. */
export const INNER_JOINERS: ReadonlySet<string> = new Set([
  'of',
  'for',
  'de',
  'der',
  'des',
  'du',
  'del',
  'da',
  'do',
  'di',
  'and',
  '&',
  'und',
  'y',
  'van',
  'von',
  'la',
  'le',
]);

const fold = (s: string): string => s.toLowerCase().replace(/\s+/g, ' ').trim();

/** "Nos intervenants", "Our speakers": a heading with its possessive or article is the heading. */
const HEADING_LEAD = /^(?:our|the|all|meet the|nos|les|nuestros|nuestras|los|las|os nossos|as nossas|nossos|unsere|die|i nostri|le nostre|i|gli|onze|de)\s+/;
export const isHeading = (s: string): boolean => {
  const bare = fold(s.replace(/^[\s»«›‹>•·|#*-]+|[\s»«›‹>•·|#*:-]+$/g, ''));
  return PAGE_HEADINGS.has(bare) || PAGE_HEADINGS.has(bare.replace(HEADING_LEAD, ''));
};
export const isSessionKind = (s: string): boolean => SESSION_KINDS.has(fold(s.replace(/[.!?:]+$/, '')));
export const isTopicWord = (s: string): boolean => TOPIC_WORDS.has(fold(s));
export const isFurniture = (s: string): boolean => FURNITURE_RE.test(s.trim());

/**
 * Job titles as pages in other languages write them, and the plain English role each one
 * is: "Presidente" is a president, "Chercheur" a researcher, "软件工程师" a software engineer.
 * A title is said in English only when every word of it is known here; one word the map
 * does not know ("Gestor d'educació cultural") leaves the whole title unsaid.
 */

/** One line a role: the English role, then its forms in the languages pages are written in (folded: lower case, no accents). */
const ROLES = `
president: presidente | presidenta | president | presidenta | prezes | presidentessa | prasident | prasidentin | voorzitter | 总裁 | 社長
co-president: copresidente | copresidenta | co-presidente | copresident | copresidente | co-president
vice president: vicepresidente | vicepresidenta | vice-presidente | vice-president | vicepresident | wiceprezes | vizeprasident | 副总裁 | 副社長
CEO: amministratore delegato | prezes zarzadu | 首席执行官 | 代表取締役 | 代表取締役社長
CTO: 首席技术官 | 最高技術責任者
managing director: geschaftsfuhrer | geschaftsfuhrerin | directeur general | directrice generale | director general | directora general | directeur-general | diretor geral | diretora geral | direttore generale
director: director | directora | diretor | diretora | directeur | directrice | direttore | direttrice | direktor | direktorin | dyrektor | dyrektorka | directrice | 总监 | 取締役
technical director: directeur technique | directrice technique | director tecnico | directora tecnica | diretor tecnico | diretora tecnica | direttore tecnico | technischer direktor | 技术总监
manager: gerente | gerant | gerante | kierownik | kierowniczka | 经理 | マネージャー | マネジャー
project manager: gerente de projetos | gerente de projeto | gerente de proyecto | gerente de proyectos | jefe de proyecto | jefa de proyecto | chef de projet | cheffe de projet | responsabile di progetto | projektleiter | projektleiterin | projectleider | kierownik projektu | 项目经理 | プロジェクトマネージャー
product manager: gerente de produto | gerente de producto | chef de produit | 产品经理 | プロダクトマネージャー
team lead: teamleiter | teamleiterin | teamleider | lider zespolu | liderka zespolu | kierownik zespolu
founder: fundador | fundadora | fondateur | fondatrice | fondatore | fondatrice | grunder | grunderin | zalozyciel | zalozycielka | oprichter | oprichtster | 创始人 | 創業者 | 創設者
co-founder: cofundador | cofundadora | co-fundador | co-fundadora | cofondateur | cofondatrice | co-fondateur | co-fondatrice | cofondatore | cofondatrice | co-fondatore | mitgrunder | mitgrunderin | mitbegrunder | mitbegrunderin | wspolzalozyciel | wspolzalozycielka | medeoprichter | mede-oprichter | 联合创始人 | 共同創業者
owner: proprietario | proprietaria | proprietaire | inhaber | inhaberin | wlasciciel | wlascicielka | eigenaar
partner: socio | socia | associe | associee | socio fondatore | wspolnik | wspolniczka | vennoot
chair: vorsitzender | vorsitzende | presidente del consiglio
developer: desarrollador | desarrolladora | desenvolvedor | desenvolvedora | developpeur | developpeuse | sviluppatore | sviluppatrice | entwickler | entwicklerin | deweloper | ontwikkelaar | desenvolupador | desenvolupadora | 开发者 | 开发工程师 | 開発者
software developer: softwareentwickler | softwareentwicklerin | softwareontwikkelaar
programmer: programador | programadora | programmeur | programmeuse | programmatore | programmatrice | programmierer | programmiererin | programista | programistka | 程序员 | プログラマー | プログラマ
engineer: ingeniero | ingeniera | engenheiro | engenheira | ingenieur | ingenieure | ingegnere | ingenieurin | inzynier | inzynierka | enginyer | enginyera | 工程师 | エンジニア | 技術者
software engineer: 软件工程师 | ソフトウェアエンジニア | softwareingenieur | softwareingenieurin
front-end engineer: 前端工程师 | フロントエンドエンジニア
back-end engineer: 后端工程师 | バックエンドエンジニア
architect: arquitecto | arquitecta | arquiteto | arquiteta | architecte | architetto | architekt | architektin | arquitecte | 架构师 | アーキテクト
software architect: softwarearchitekt | softwarearchitektin | 软件架构师
researcher: investigador | investigadora | pesquisador | pesquisadora | chercheur | chercheuse | ricercatore | ricercatrice | forscher | forscherin | badacz | badaczka | onderzoeker | 研究员 | 研究員
research associate: wissenschaftlicher mitarbeiter | wissenschaftliche mitarbeiterin
lecturer and researcher: enseignant-chercheur | enseignante-chercheuse | enseignant chercheur | enseignante chercheuse
scientist: cientifico | cientifica | cientista | scientifique | scienziato | scienziata | wissenschaftler | wissenschaftlerin | naukowiec | wetenschapper | 科学家 | 科学者
data scientist: cientifico de datos | cientifica de datos | cientista de dados | 数据科学家 | データサイエンティスト
professor: catedratico | catedratica | professeur | professeure | professore | professoressa | profesor | profesora | hoogleraar | 教授
associate professor: profesor titular | profesora titular | 副教授 | 准教授
lecturer: docente | dozent | dozentin | wykladowca | maitre de conferences | maitresse de conferences | 讲师 | 講師
teacher: maestro | maestra | enseignant | enseignante | insegnante | lehrer | lehrerin | nauczyciel | nauczycielka | leraar | lerares | mestre | 教师 | 教師
tutor: tutor | tutora | tuteur | tutrice | tutore
trainer: formateur | formatrice | formatore | formatrice | formador | formadora | trener | trenerka
student: estudiante | estudante | etudiant | etudiante | studente | studentessa | studentin | student | studentka | estudiant | estudianta | alumno | alumna | aluno | aluna | 学生
doctoral student: doctorando | doctoranda | doutorando | doutoranda | doctorant | doctorante | dottorando | dottoranda | doktorand | doktorandin | doktorant | doktorantka | promovendus | doctorand | doctoranda | 博士生 | 博士課程
graduate student: mestrando | mestranda | maestrando | maestranda | 硕士生 | 修士課程
consultant: consultor | consultora | consulente | berater | beraterin | konsultant | konsultantka | adviseur | 顾问 | 咨询师 | コンサルタント
analyst: analista | analyste | analytiker | analytikerin | analityk | analityczka | 分析师 | アナリスト
designer: disenador | disenadora | designer | desenhador | concepteur | conceptrice | progettista | projektant | projektantka | ontwerper | dissenyador | dissenyadora | 设计师 | デザイナー
coordinator: coordinador | coordinadora | coordenador | coordenadora | coordinateur | coordinatrice | coordinatore | koordinator | koordinatorin | koordynator | koordynatorka | 协调员
art historian: historiador del arte | historiadora del arte | historiador de l'art | historiadora de l'art | historiador da arte | historiadora da arte | historien de l'art | historienne de l'art | storico dell'arte | storica dell'arte | kunsthistoriker | kunsthistorikerin | historyk sztuki | kunsthistoricus
curator: comisario | comisaria | comissari | comissaria | curatore | curatrice | kurator | kuratorin | kuratorka
expert: especialista | experto | experta | especialista | esperto | esperta | ekspert | ekspertka | 专家 | 技术专家
`;

/** Words said before a role: "Senior" in any language, "高级". */
const BEFORE = `
senior: senior | sr | starszy | starsza | 高级 | 资深 | シニア
chief: 首席 | チーフ
`;

/** What a role is of, after it ("Desarrollador Web", "Engenheiro de Software") or before it ("Web Tutor"). */
const FIELDS = `
software: software | logiciel | 软件 | ソフトウェア
web: web | 网页 | ウェブ
front-end: front-end | frontend | front end | 前端 | フロントエンド
back-end: back-end | backend | back end | 后端 | バックエンド
full-stack: full-stack | fullstack | full stack | 全栈 | フルスタック
mobile: mobile | movil | movel | mobilny | 移动 | モバイル
data: datos | dados | donnees | dati | daten | danych | data | 数据 | データ
systems: sistemas | systemes | sistemi | systeme | systemow | 系统 | システム
UX: ux
UI: ui
DevOps: devops
QA: qa
cloud: cloud | nube | nuvem | 云 | クラウド
security: seguridad | seguranca | securite | sicurezza | sicherheit | bezpieczenstwa | 安全 | セキュリティ
product: producto | produto | produit | prodotto | 产品 | プロダクト
research: investigacion | pesquisa | recherche | ricerca | 研究
`;

const HAN_KANA = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

const fold = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .toLowerCase();

/** A text's words as the map keys them: folded, "l'art" as "l art"; Chinese and Japanese by the character. */
function words(text: string): string[] {
  const t = fold(text)
    .replace(/\u2019/g, "'")
    .trim();
  return HAN_KANA.test(t) && !/\s/.test(t) ? [...t] : t.split(/\s+|(?<=\p{L})'(?=\p{L})/u).filter(Boolean);
}

type Table = ReadonlyMap<string, string>;

function table(text: string): Table {
  const out = new Map<string, string>();
  for (const line of text.trim().split('\n')) {
    const [english, forms] = line.split(/:\s+/);
    for (const form of (forms ?? '').split('|')) if (form.trim()) out.set(words(form).join(HAN_KANA.test(form) ? '' : ' '), english.trim());
  }
  return out;
}

const ROLE = table(ROLES);
const MODIFIER = table(BEFORE);
const FIELD = table(FIELDS);
/** Joining words between a role and what it is of ("de Software", "di sistemi"). */
const JOIN = new Set(['de', 'di', 'do', 'da', 'des', 'du', 'del', 'della', 'dei', 'em', 'en', 'in', 'na', 'no', 'von', 'van', 'der', 'd']);

/** The longest key of `t` that the parts open with from `at`: [english, next index], or null. */
function longestAt(parts: readonly string[], at: number, t: Table, join: string): [string, number] | null {
  // Chinese and Japanese are read character by character: a key may be a dozen of them.
  const span = join ? 4 : 20;
  for (let end = Math.min(parts.length, at + span); end > at; end--) {
    const said = t.get(parts.slice(at, end).join(join));
    if (said) return [said, end];
  }
  return null;
}

/**
 * A title of another language as a plain English role ("president", "software engineer",
 * "web tutor", "senior researcher"), or null when any word of it is not known.
 */
export function englishRole(title: string): string | null {
  const whole = oneRole(title);
  if (whole) return whole;
  // "Comissària i historiadora de l'art": the first of two titles, when both are known.
  const two = /^(.+?)\s+(?:and|y|e|i|et|und|oraz|&)\s+(.+)$/iu.exec(title.trim());
  const head = two ? oneRole(two[1] as string) : null;
  return head && oneRole(two?.[2] as string) ? head : null;
}

function oneRole(title: string): string | null {
  const t = fold(title)
    .replace(/[.,;:!]+$/, '')
    .trim();
  if (!t) return null;
  // "软件工程师", "高级软件工程师": a title in Chinese or Japanese, unspaced, is read character by character.
  const join = HAN_KANA.test(t) && !/\s/.test(t) ? '' : ' ';
  const parts = words(t);
  let i = 0;
  const said: string[] = [];
  // "Senior", "Starszy", "高级" before the role.
  for (let m = longestAt(parts, i, MODIFIER, join); m && !longestAt(parts, i, ROLE, join); m = longestAt(parts, i, MODIFIER, join)) {
    said.push(m[0]);
    i = m[1];
  }
  // "Web Tutor": what the role is of, before it.
  const front = longestAt(parts, i, ROLE, join) ? null : longestAt(parts, i, FIELD, join);
  if (front) i = front[1];
  const role = longestAt(parts, i, ROLE, join);
  if (!role) return null;
  i = role[1];
  // "Tutor Web", "Engenheiro de Software", "Analista de Sistemas": what it is of, after it.
  let back: [string, number] | null = null;
  if (i < parts.length) {
    back = longestAt(parts, JOIN.has(parts[i] ?? '') ? i + 1 : i, FIELD, join);
    if (!back) return null;
    i = back[1];
  }
  if (i !== parts.length) return null;
  // A field the role already names ("software" of "software engineer") is not said twice.
  for (const f of [front, back]) if (f && !role[0].includes(f[0])) said.push(f[0]);
  said.push(role[0]);
  return said.join(' ');
}

/**
 * The English role words a text's titles in other languages stand for: "researcher" of a
 * page that says "Chercheur", so a draft that says "a researcher at CNRS" is read as saying
 * what the page says.
 */
export function englishRoleWords(text: string): Set<string> {
  const out = new Set<string>();
  const t = fold(text);
  const tokens = t.split(/[^\p{L}-]+/u).filter(Boolean);
  for (let i = 0; i < tokens.length; i++) {
    for (let n = 1; n <= 4 && i + n <= tokens.length; n++) {
      const said = ROLE.get(tokens.slice(i, i + n).join(' ')) ?? MODIFIER.get(tokens.slice(i, i + n).join(' ')) ?? FIELD.get(tokens.slice(i, i + n).join(' '));
      if (said) for (const w of said.toLowerCase().split(/\s+/)) out.add(w);
    }
  }
  // Chinese and Japanese titles are not spaced: a known role anywhere in them counts.
  if (HAN_KANA.test(t)) {
    for (const tab of [ROLE, MODIFIER, FIELD]) {
      for (const [form, said] of tab) if (HAN_KANA.test(form) && t.includes(form)) for (const w of said.toLowerCase().split(/\s+/)) out.add(w);
    }
  }
  return out;
}

/**
 * Common given names. Used only to recognise a bare vocative ("Sarah, loved
 * your talk"), where a capitalised word before a comma could as well be "Congrats"
 * or "Quick question"; a greeting ("Hi Sarah") needs no list.
 */
const NAMES = `
aaron abby abigail adam adrian aisha alan albert alex alexa alexander alexandra alexis alice alicia alison
amanda amber amelia amir amit amy ana andrea andrew andy angela anil anita ann anna anne anthony anton antonio
anya arjun arthur ash ashley aurora ava barbara ben benjamin beth bethany bill bob brad bradley brandon brenda
brian bridget brittany bruce bryan caleb cameron camila carl carla carlos carmen carol caroline carter catherine
charles charlie charlotte chen chloe chris christian christina christine christopher claire clara colin connor
craig cynthia daisy dan dana daniel daniela danielle darren dave david deborah deepak denise dennis derek diana
diego dmitri dominic donald donna doug douglas dylan ed eddie edward elena eli elias elijah elizabeth ella ellen
emily emma eric erica erik ethan eva evan evelyn fatima felix fernando fiona frank gabriel gabriela gary gavin
george georgia gina grace graham greg gregory hana hannah harper harry heather helen henry hiroshi holly hugo
ian igor irene isaac isabel isabella ivan jack jackson jacob jake james jamie jan jane janet jason javier jay
jean jeff jeffrey jen jenna jennifer jenny jeremy jerry jess jessica jill jim jimmy joan joanna joe joel john
johnny jon jonathan jordan jorge jose joseph josh joshua joy juan judith julia julian julie justin kai karen
karl kate katherine kathleen katie kay keith kelly ken kenji kevin kim kimberly kyle laura lauren leah lee leo
leon liam lily linda lisa liz logan louis lucas lucy luis luke lydia madison maggie mallory manuel marc marco
marcus margaret maria mariam marie mario mark martin mary mason matt matthew max maya megan mei melissa mia
michael michelle miguel mike mila miles mohammed molly monica morgan nadia nancy naomi natalie nathan neha
nicholas nick nicole nina noah noor olga oliver olivia omar oscar owen pablo pam pamela patricia patrick paul
paula pedro peter philip phil priya rachel rahul raj rajesh ram ramon raphael raquel ravi ray rebecca ricardo
richard rick riley rita rob robert robin roger rohan ron ronald rosa rose ross ruby ryan sally sam samantha
samuel sandra sanjay sara sarah scott sean sebastian sergei shannon sharon sherry simon sofia sophia sophie
stephanie stephen steve steven sue susan sven tanya taylor ted teresa terry thomas tim timothy tina todd tom
tommy tony tracy travis tyler valentina vanessa victor victoria vikram vincent wei will william xavier yan
yasmin yuki yusuf zach zachary zara zoe
`;

export const COMMON_FIRST_NAMES: ReadonlySet<string> = new Set(NAMES.split(/\s+/).filter(Boolean));

#!/usr/bin/env python3
"""Writes assets/data/monsters.json (compact) from the SRD 5.1 monster list (CC-BY-4.0):

    scripts/gen-monsters.py /path/to/srd-5.1/monsters.json [out]

Keeps the statistics as they are (the SRD's facts), names each monster in English, Czech and Ukrainian
("name": {"en", "cs", "uk"}), each attack too (ATTACKS: an attack's name missing there stops the script) and leaves
out what is empty (no saves, no immunities, 0 legendary actions …) to keep the file small; src/core/rules/srd_monsters/
reads the absent fields as empty / 0."""
import json
import sys

COLORS = {  # masculine cs, neuter cs (mládě), masculine uk, neuter uk (драконя)
    "Black": ("černý", "černé", "чорний", "чорне"),
    "Blue": ("modrý", "modré", "синій", "синє"),
    "Brass": ("mosazný", "mosazné", "латунний", "латунне"),
    "Bronze": ("bronzový", "bronzové", "бронзовий", "бронзове"),
    "Copper": ("měděný", "měděné", "мідний", "мідне"),
    "Gold": ("zlatý", "zlaté", "золотий", "золоте"),
    "Green": ("zelený", "zelené", "зелений", "зелене"),
    "Red": ("rudý", "rudé", "червоний", "червоне"),
    "Silver": ("stříbrný", "stříbrné", "срібний", "срібне"),
    "White": ("bílý", "bílé", "білий", "біле"),
}
AGES = {"Adult": ("Dospělý", "Дорослий"), "Ancient": ("Prastarý", "Прадавній"), "Young": ("Mladý", "Молодий")}

WERE = {  # lycanthrope: cs, uk, and its animal form (cs, uk)
    "Werebear": ("Medvědodlak", "Перевертень-ведмідь", "medvědí", "ведмедя"),
    "Wereboar": ("Kancodlak", "Перевертень-кабан", "kančí", "кабана"),
    "Wererat": ("Krysodlak", "Перевертень-щур", "krysí", "щура"),
    "Weretiger": ("Tygrodlak", "Перевертень-тигр", "tygří", "тигра"),
    "Werewolf": ("Vlkodlak", "Вовкулака", "vlčí", "вовка"),
}

NAMES = {  # English: (Czech, Ukrainian)
    "Aboleth": ("Aboleth", "Аболет"), "Acolyte": ("Akolyta", "Послушник"),
    "Air Elemental": ("Vzdušný elementál", "Елементаль повітря"),
    "Androsphinx": ("Androsfinga", "Андросфінкс"), "Animated Armor": ("Oživlá zbroj", "Ожилий обладунок"),
    "Ankheg": ("Ankheg", "Анкхег"), "Ape": ("Lidoop", "Мавпа"), "Archmage": ("Arcimág", "Архімаг"),
    "Assassin": ("Zabiják", "Найманий убивця"), "Awakened Shrub": ("Probuzený keř", "Пробуджений кущ"),
    "Awakened Tree": ("Probuzený strom", "Пробуджене дерево"), "Axe Beak": ("Sekerozobák", "Сокиродзьоб"),
    "Azer": ("Azer", "Азер"), "Baboon": ("Pavián", "Павіан"), "Badger": ("Jezevec", "Борсук"),
    "Balor": ("Balor", "Балор"), "Bandit": ("Bandita", "Бандит"), "Bandit Captain": ("Vůdce banditů", "Ватажок бандитів"),
    "Barbed Devil": ("Ostnatý ďábel", "Шипастий диявол"), "Basilisk": ("Bazilišek", "Василіск"),
    "Bat": ("Netopýr", "Кажан"), "Bearded Devil": ("Vousatý ďábel", "Бородатий диявол"), "Behir": ("Behir", "Бехір"),
    "Berserker": ("Berserkr", "Берсерк"), "Black Bear": ("Černý medvěd", "Чорний ведмідь"),
    "Black Pudding": ("Černý puding", "Чорний пудинг"), "Blink Dog": ("Přeskokový pes", "Мерехтливий пес"),
    "Blood Hawk": ("Krvavý jestřáb", "Кривавий яструб"), "Boar": ("Kanec", "Кабан"),
    "Bone Devil": ("Kostěný ďábel", "Кістяний диявол"), "Brown Bear": ("Medvěd hnědý", "Бурий ведмідь"),
    "Bugbear": ("Bugbear", "Багбір"), "Bulette": ("Bulette", "Бюлет"), "Camel": ("Velbloud", "Верблюд"),
    "Cat": ("Kočka", "Кіт"), "Centaur": ("Kentaur", "Кентавр"), "Chain Devil": ("Řetězový ďábel", "Ланцюговий диявол"),
    "Chimera": ("Chiméra", "Химера"), "Chuul": ("Chuul", "Чуул"), "Clay Golem": ("Hliněný golem", "Глиняний голем"),
    "Cloaker": ("Pláštník", "Плащовик"), "Cloud Giant": ("Oblačný obr", "Хмарний велетень"),
    "Cockatrice": ("Kokatrice", "Кокатрикс"), "Commoner": ("Prostý občan", "Простолюдин"),
    "Constrictor Snake": ("Škrtič", "Змія-душитель"), "Couatl": ("Couatl", "Коатль"), "Crab": ("Krab", "Краб"),
    "Crocodile": ("Krokodýl", "Крокодил"), "Cult Fanatic": ("Kultovní fanatik", "Фанатик культу"),
    "Cultist": ("Kultista", "Культист"), "Darkmantle": ("Temnoplášť", "Темноплащ"),
    "Death Dog": ("Pes smrti", "Пес смерті"), "Deep Gnome (Svirfneblin)": ("Hlubinný gnóm (svirfneblin)", "Глибинний гном (свірфнеблін)"),
    "Deer": ("Jelen", "Олень"), "Deva": ("Déva", "Дева"), "Dire Wolf": ("Zlovlk", "Лютововк"),
    "Djinni": ("Džin", "Джин"), "Doppelganger": ("Dvojník", "Двійник"), "Draft Horse": ("Tažný kůň", "Тягловий кінь"),
    "Dragon Turtle": ("Dračí želva", "Драконяча черепаха"), "Dretch": ("Dreč", "Дретч"), "Drider": ("Drider", "Драйдер"),
    "Drow": ("Drow", "Дроу"), "Druid": ("Druid", "Друїд"), "Dryad": ("Dryáda", "Дріада"), "Duergar": ("Duergar", "Дуергар"),
    "Dust Mephit": ("Prachový mefit", "Пиловий мефіт"), "Eagle": ("Orel", "Орел"),
    "Earth Elemental": ("Zemní elementál", "Елементаль землі"), "Efreeti": ("Efrít", "Ефрит"),
    "Elephant": ("Slon", "Слон"), "Elk": ("Los", "Лось"), "Erinyes": ("Erínye", "Ерінія"), "Ettercap": ("Ettercap", "Еттеркап"),
    "Ettin": ("Ettin", "Еттін"), "Fire Elemental": ("Ohnivý elementál", "Елементаль вогню"),
    "Fire Giant": ("Ohnivý obr", "Вогняний велетень"), "Flesh Golem": ("Masový golem", "М'ясний голем"),
    "Flying Snake": ("Létající had", "Летюча змія"), "Flying Sword": ("Létající meč", "Летючий меч"),
    "Frog": ("Žába", "Жаба"), "Frost Giant": ("Mrazivý obr", "Морозний велетень"), "Gargoyle": ("Chrlič", "Горгулья"),
    "Gelatinous Cube": ("Rosolovitá krychle", "Желатиновий куб"), "Ghast": ("Ghást", "Гаст"), "Ghost": ("Duch", "Привид"),
    "Ghoul": ("Ghúl", "Гуль"), "Gibbering Mouther": ("Blábolivá tlama", "Белькітливий рот"), "Glabrezu": ("Glabrezu", "Глабрезу"),
    "Gladiator": ("Gladiátor", "Гладіатор"), "Gnoll": ("Gnol", "Гнол"), "Goat": ("Koza", "Коза"), "Goblin": ("Skřet", "Гоблін"),
    "Gorgon": ("Gorgona", "Горгона"), "Gray Ooze": ("Šedý sliz", "Сірий слиз"), "Green Hag": ("Zelená ježibaba", "Зелена відьма"),
    "Grick": ("Grik", "Грік"), "Griffon": ("Gryf", "Грифон"), "Grimlock": ("Grimlock", "Грімлок"), "Guard": ("Strážný", "Вартовий"),
    "Guardian Naga": ("Strážná nága", "Нага-вартова"), "Gynosphinx": ("Gynosfinga", "Гіносфінкс"),
    "Half-Red Dragon Veteran": ("Veterán, poloviční rudý drak", "Ветеран-напівчервоний дракон"), "Harpy": ("Harpyje", "Гарпія"),
    "Hawk": ("Jestřáb", "Яструб"), "Hell Hound": ("Pekelný pes", "Пекельний пес"), "Hezrou": ("Hezrou", "Хезроу"),
    "Hill Giant": ("Kopcový obr", "Пагорбовий велетень"), "Hippogriff": ("Hipogryf", "Гіпогриф"), "Hobgoblin": ("Hobgoblin", "Хобгоблін"),
    "Homunculus": ("Homunkulus", "Гомункул"), "Horned Devil": ("Rohatý ďábel", "Рогатий диявол"),
    "Hunter Shark": ("Lovecký žralok", "Акула-мисливець"), "Hydra": ("Hydra", "Гідра"), "Hyena": ("Hyena", "Гієна"),
    "Ice Devil": ("Ledový ďábel", "Крижаний диявол"), "Ice Mephit": ("Ledový mefit", "Крижаний мефіт"), "Imp": ("Čertík", "Імп"),
    "Invisible Stalker": ("Neviditelný stopař", "Невидимий переслідувач"), "Iron Golem": ("Železný golem", "Залізний голем"),
    "Jackal": ("Šakal", "Шакал"), "Killer Whale": ("Kosatka", "Косатка"), "Knight": ("Rytíř", "Лицар"), "Kobold": ("Kobold", "Кобольд"),
    "Kraken": ("Kraken", "Кракен"), "Lamia": ("Lamie", "Ламія"), "Lemure": ("Lemur", "Лемур"), "Lich": ("Lič", "Ліч"),
    "Lion": ("Lev", "Лев"), "Lizard": ("Ještěrka", "Ящірка"), "Lizardfolk": ("Ještěrec", "Ящіролюд"), "Mage": ("Mág", "Маг"),
    "Magma Mephit": ("Magmový mefit", "Магмовий мефіт"), "Magmin": ("Magmin", "Магмін"), "Mammoth": ("Mamut", "Мамонт"),
    "Manticore": ("Mantichora", "Мантикора"), "Marilith": ("Marilith", "Мариліт"), "Mastiff": ("Mastif", "Мастиф"),
    "Medusa": ("Medúza", "Медуза"), "Merfolk": ("Mořský lid", "Русал"), "Merrow": ("Merrow", "Мерроу"), "Mimic": ("Mimik", "Мімік"),
    "Minotaur": ("Minotaurus", "Мінотавр"), "Minotaur Skeleton": ("Kostlivec minotaura", "Скелет мінотавра"),
    "Mule": ("Mula", "Мул"), "Mummy": ("Mumie", "Мумія"), "Mummy Lord": ("Mumiový pán", "Володар мумій"),
    "Nalfeshnee": ("Nalfešní", "Налфешні"), "Night Hag": ("Noční ježibaba", "Нічна відьма"), "Nightmare": ("Noční můra", "Кошмар"),
    "Noble": ("Šlechtic", "Шляхтич"), "Ochre Jelly": ("Okrový rosol", "Охряне желе"), "Octopus": ("Chobotnice", "Восьминіг"),
    "Ogre": ("Zlobr", "Огр"), "Ogre Zombie": ("Zombie zlobr", "Огр-зомбі"), "Oni": ("Oni", "Оні"), "Orc": ("Ork", "Орк"),
    "Otyugh": ("Otyugh", "Отьюг"), "Owl": ("Sova", "Сова"), "Owlbear": ("Sovomedvěd", "Сововедмідь"), "Panther": ("Panter", "Пантера"),
    "Pegasus": ("Pegas", "Пегас"), "Phase Spider": ("Fázový pavouk", "Фазовий павук"), "Pit Fiend": ("Jámový běs", "Пекельний володар"),
    "Planetar": ("Planetár", "Планетар"), "Plesiosaurus": ("Plesiosaurus", "Плезіозавр"), "Poisonous Snake": ("Jedovatý had", "Отруйна змія"),
    "Polar Bear": ("Lední medvěd", "Білий ведмідь"), "Pony": ("Poník", "Поні"), "Priest": ("Kněz", "Жрець"),
    "Pseudodragon": ("Pseudodrak", "Псевдодракон"), "Purple Worm": ("Purpurový červ", "Пурпуровий черв"), "Quasit": ("Kvasit", "Квазит"),
    "Quipper": ("Kviper", "Квіпер"), "Rakshasa": ("Rakšasa", "Ракшаса"), "Rat": ("Krysa", "Щур"), "Raven": ("Havran", "Ворон"),
    "Reef Shark": ("Útesový žralok", "Рифова акула"), "Remorhaz": ("Remorhaz", "Реморгаз"), "Rhinoceros": ("Nosorožec", "Носоріг"),
    "Riding Horse": ("Jezdecký kůň", "Верховий кінь"), "Roc": ("Rok", "Рок"), "Roper": ("Lanař", "Ловець"),
    "Rug of Smothering": ("Dusivý koberec", "Задушливий килим"), "Rust Monster": ("Rezavec", "Іржавник"),
    "Saber-Toothed Tiger": ("Šavlozubý tygr", "Шаблезубий тигр"), "Sahuagin": ("Sahuagin", "Сахуагін"),
    "Salamander": ("Salamandr", "Саламандра"), "Satyr": ("Satyr", "Сатир"), "Scorpion": ("Štír", "Скорпіон"),
    "Scout": ("Zvěd", "Розвідник"), "Sea Hag": ("Mořská ježibaba", "Морська відьма"), "Sea Horse": ("Mořský koník", "Морський коник"),
    "Shadow": ("Stín", "Тінь"), "Shambling Mound": ("Šouravá kupa", "Повзуча купа"), "Shield Guardian": ("Štítový strážce", "Щит-охоронець"),
    "Shrieker": ("Ječivka", "Верескун"), "Skeleton": ("Kostlivec", "Скелет"), "Solar": ("Solár", "Солар"), "Specter": ("Přízrak", "Примара"),
    "Spider": ("Pavouk", "Павук"), "Spirit Naga": ("Duchovní nága", "Нага-дух"), "Sprite": ("Skřítek", "Спрайт"), "Spy": ("Špeh", "Шпигун"),
    "Steam Mephit": ("Parní mefit", "Паровий мефіт"), "Stirge": ("Krvesaj", "Кровосмок"), "Stone Giant": ("Kamenný obr", "Кам'яний велетень"),
    "Stone Golem": ("Kamenný golem", "Кам'яний голем"), "Storm Giant": ("Bouřný obr", "Грозовий велетень"),
    "Succubus/Incubus": ("Sukuba/inkubus", "Сукуб/інкуб"), "Swarm of Bats": ("Hejno netopýrů", "Зграя кажанів"),
    "Swarm of Beetles": ("Roj brouků", "Рій жуків"), "Swarm of Centipedes": ("Roj stonožek", "Рій стоногів"),
    "Swarm of Insects": ("Roj hmyzu", "Рій комах"), "Swarm of Poisonous Snakes": ("Klubko jedovatých hadů", "Клубок отруйних змій"),
    "Swarm of Quippers": ("Hejno kviperů", "Зграя квіперів"), "Swarm of Rats": ("Hejno krys", "Зграя щурів"),
    "Swarm of Ravens": ("Hejno havranů", "Зграя воронів"), "Swarm of Spiders": ("Roj pavouků", "Рій павуків"),
    "Swarm of Wasps": ("Roj vos", "Рій ос"), "Tarrasque": ("Tarask", "Тараск"), "Thug": ("Rváč", "Головоріз"), "Tiger": ("Tygr", "Тигр"),
    "Treant": ("Ent", "Деревень"), "Tribal Warrior": ("Kmenový válečník", "Племінний воїн"), "Triceratops": ("Triceratops", "Трицератопс"),
    "Troll": ("Troll", "Троль"), "Tyrannosaurus Rex": ("Tyranosaurus rex", "Тиранозавр рекс"), "Unicorn": ("Jednorožec", "Єдиноріг"),
    "Vampire, Vampire Form": ("Upír, upíří podoba", "Вампір, вампірська подоба"), "Vampire, Bat Form": ("Upír, netopýří podoba", "Вампір, подоба кажана"),
    "Vampire, Mist Form": ("Upír, podoba mlhy", "Вампір, подоба туману"), "Vampire Spawn": ("Upíří zplozenec", "Вампірське поріддя"),
    "Veteran": ("Veterán", "Ветеран"), "Violet Fungus": ("Fialová houba", "Фіолетовий гриб"), "Vrock": ("Vrock", "Врок"),
    "Vulture": ("Sup", "Стерв'ятник"), "Warhorse": ("Válečný kůň", "Бойовий кінь"), "Warhorse Skeleton": ("Kostlivec válečného koně", "Скелет бойового коня"),
    "Water Elemental": ("Vodní elementál", "Елементаль води"), "Weasel": ("Lasice", "Ласка"), "Wight": ("Mátoha", "Умертвіє"),
    "Will-o'-Wisp": ("Bludička", "Блукаючий вогник"), "Winter Wolf": ("Zimní vlk", "Зимовий вовк"), "Wolf": ("Vlk", "Вовк"),
    "Worg": ("Worg", "Ворг"), "Wraith": ("Zjevení", "Мара"), "Wyvern": ("Wyverna", "Виверна"), "Xorn": ("Xorn", "Ксорн"),
    "Zombie": ("Zombie", "Зомбі"),
    # giants of the animal kingdom: cs "obří" (all genders), uk "гігантський/-а"
    "Giant Ape": ("Obří lidoop", "Гігантська мавпа"), "Giant Badger": ("Obří jezevec", "Гігантський борсук"),
    "Giant Bat": ("Obří netopýr", "Гігантський кажан"), "Giant Boar": ("Obří kanec", "Гігантський кабан"),
    "Giant Centipede": ("Obří stonožka", "Гігантський стоніг"), "Giant Constrictor Snake": ("Obří škrtič", "Гігантська змія-душитель"),
    "Giant Crab": ("Obří krab", "Гігантський краб"), "Giant Crocodile": ("Obří krokodýl", "Гігантський крокодил"),
    "Giant Eagle": ("Obří orel", "Гігантський орел"), "Giant Elk": ("Obří los", "Гігантський лось"),
    "Giant Fire Beetle": ("Obří ohnivý brouk", "Гігантський вогняний жук"), "Giant Frog": ("Obří žába", "Гігантська жаба"),
    "Giant Goat": ("Obří koza", "Гігантська коза"), "Giant Hyena": ("Obří hyena", "Гігантська гієна"),
    "Giant Lizard": ("Obří ještěr", "Гігантська ящірка"), "Giant Octopus": ("Obří chobotnice", "Гігантський восьминіг"),
    "Giant Owl": ("Obří sova", "Гігантська сова"), "Giant Poisonous Snake": ("Obří jedovatý had", "Гігантська отруйна змія"),
    "Giant Rat": ("Obří krysa", "Гігантський щур"), "Giant Rat (Diseased)": ("Obří krysa (nakažená)", "Гігантський щур (хворий)"),
    "Giant Scorpion": ("Obří štír", "Гігантський скорпіон"), "Giant Sea Horse": ("Obří mořský koník", "Гігантський морський коник"),
    "Giant Shark": ("Obří žralok", "Гігантська акула"), "Giant Spider": ("Obří pavouk", "Гігантський павук"),
    "Giant Toad": ("Obří ropucha", "Гігантська ропуха"), "Giant Vulture": ("Obří sup", "Гігантський стерв'ятник"),
    "Giant Wasp": ("Obří vosa", "Гігантська оса"), "Giant Weasel": ("Obří lasice", "Гігантська ласка"),
    "Giant Wolf Spider": ("Obří slíďák", "Гігантський павук-вовк"),
}

ATTACKS = {  # an attack's English name (as the SRD): (Czech, Ukrainian)
    "Acid Breath": ("Kyselinový dech", "Кислотний подих"), "Acid Spray": ("Kyselinová sprška", "Кислотний бризок"),
    "Battleaxe": ("Válečná sekera", "Бойова сокира"), "Beak": ("Zobák", "Дзьоб"), "Beaks": ("Zobáky", "Дзьоби"),
    "Beard": ("Vousy", "Борода"), "Bite": ("Kousnutí", "Укус"), "Bites": ("Kousnutí", "Укуси"),
    "Blinding Breath": ("Oslepující dech", "Засліплювальний подих"),
    "Blinding Spittle": ("Oslepující slina", "Засліплювальна слина"), "Blood Drain": ("Sání krve", "Висмоктування крові"),
    "Chain": ("Řetěz", "Ланцюг"), "Charm": ("Okouzlení", "Зачарування"), "Claw": ("Dráp", "Кіготь"),
    "Claw (Bite in Beast Form)": ("Dráp (ve zvířecí podobě kousnutí)", "Кіготь (у звіриній подобі укус)"),
    "Claw (Fiend Form Only)": ("Dráp (jen v běsí podobě)", "Кіготь (лише в демонічній подобі)"),
    "Claw (Oni Form Only)": ("Dráp (jen v podobě oniho)", "Кіготь (лише в подобі оні)"),
    "Claws": ("Drápy", "Кігті"), "Claws (Hag Form Only)": ("Drápy (jen v podobě ježibaby)", "Кігті (лише в подобі відьми)"),
    "Club": ("Kyj", "Кийок"), "Cold Breath": ("Mrazivý dech", "Холодний подих"), "Constrict": ("Sevření", "Стискання"),
    "Create Whirlwind": ("Vytvoření víru", "Створення вихору"), "Crush": ("Rozdrcení", "Роздавлювання"),
    "Dagger": ("Dýka", "Кинджал"), "Death Glare": ("Smrtící pohled", "Смертельний погляд"),
    "Dreadful Glare": ("Děsivý pohled", "Жахливий погляд"), "Engulf": ("Pohlcení", "Поглинання"),
    "Enslave": ("Zotročení", "Поневолення"), "Fetid Cloud": ("Páchnoucí oblak", "Смердюча хмара"),
    "Fey Charm": ("Vílí okouzlení", "Чари фей"), "Fire Breath": ("Ohnivý dech", "Вогняний подих"),
    "Fist": ("Pěst", "Кулак"), "Fork": ("Vidle", "Вила"), "Frightful Presence": ("Děsivá přítomnost", "Жахлива присутність"),
    "Frost Breath": ("Ledový dech", "Крижаний подих"), "Glaive": ("Glévie", "Глефа"), "Gore": ("Nabrání na rohy", "Удар рогами"),
    "Greataxe": ("Obouruční sekera", "Велика сокира"), "Greatclub": ("Velký kyj", "Палиця"),
    "Greatsword": ("Obouruční meč", "Дворучний меч"), "Hand Crossbow": ("Ruční kuše", "Ручний арбалет"),
    "Harpoon": ("Harpuna", "Гарпун"), "Heart Sight": ("Pohled do srdce", "Погляд у серце"),
    "Heavy Club": ("Těžký kyj", "Важкий кийок"), "Heavy Crossbow": ("Těžká kuše", "Важкий арбалет"),
    "Hooves": ("Kopyta", "Копита"), "Horn": ("Roh", "Ріг"), "Horns": ("Rohy", "Роги"),
    "Horrifying Visage": ("Hrůzostrašná tvář", "Жахливий вигляд"), "Horror Nimbus": ("Hrůzná svatozář", "Німб жаху"),
    "Hurl Flame": ("Vržení plamene", "Кидок полум'я"), "Ink Cloud": ("Inkoustový oblak", "Чорнильна хмара"),
    "Intoxicating Touch": ("Opojný dotek", "П'янкий дотик"), "Javelin": ("Oštěp", "Метальний спис"),
    "Life Drain": ("Vysátí života", "Висмоктування життя"), "Light Crossbow": ("Lehká kuše", "Легкий арбалет"),
    "Lightning Breath": ("Bleskový dech", "Блискавичний подих"), "Lightning Storm": ("Blesková bouře", "Грозова буря"),
    "Lightning Strike": ("Úder blesku", "Удар блискавки"), "Longbow": ("Dlouhý luk", "Довгий лук"),
    "Longsword": ("Dlouhý meč", "Довгий меч"), "Mace": ("Palcát", "Булава"), "Maul": ("Perlík", "Молот"),
    "Moan": ("Sténání", "Стогін"), "Morningstar": ("Řemdih", "Ранкова зірка"),
    "Paralyzing Touch": ("Paralyzující dotek", "Паралізувальний дотик"),
    "Petrifying Breath": ("Zkameňující dech", "Скам'янювальний подих"), "Pike": ("Píka", "Піка"), "Pincer": ("Klepeto", "Клешня"),
    "Poison Breath": ("Jedovatý dech", "Отруйний подих"), "Poisoned Dart": ("Otrávená šipka", "Отруєний дротик"),
    "Possession": ("Posednutí", "Одержимість"), "Pseudopod": ("Panožka", "Псевдонога"), "Quarterstaff": ("Hůl", "Бойовий посох"),
    "Rake": ("Rozdrásání", "Роздирання"), "Ram": ("Trknutí", "Таран"), "Rapier": ("Rapír", "Рапіра"),
    "Rock": ("Balvan", "Камінь"), "Rotting Fist": ("Hnijící pěst", "Гнилий кулак"), "Rotting Touch": ("Hnijící dotek", "Гнилий дотик"),
    "Scare": ("Vyděšení", "Залякування"), "Scimitar": ("Šavle", "Шабля"), "Shield Bash": ("Úder štítem", "Удар щитом"),
    "Shock": ("Výboj", "Розряд"), "Shortbow": ("Krátký luk", "Короткий лук"), "Shortsword": ("Krátký meč", "Короткий меч"),
    "Slam": ("Úder", "Удар"), "Slaying Longbow": ("Zabijácký dlouhý luk", "Вбивчий довгий лук"), "Sling": ("Prak", "Праща"),
    "Slow": ("Zpomalení", "Сповільнення"), "Smother": ("Zadušení", "Задушення"), "Snake Hair": ("Hadí vlasy", "Зміїне волосся"),
    "Spear": ("Kopí", "Спис"), "Spiked Bone Club": ("Ostnatý kostěný kyj", "Шипастий кістяний кийок"),
    "Spiked Shield": ("Ostnatý štít", "Шипастий щит"), "Spit Poison": ("Plivnutí jedu", "Плювок отрутою"),
    "Spores": ("Spóry", "Спори"), "Steam Breath": ("Parní dech", "Паровий подих"), "Sting": ("Žihadlo", "Жало"),
    "Sting (Bite in Beast Form)": ("Žihadlo (ve zvířecí podobě kousnutí)", "Жало (у звіриній подобі укус)"),
    "Stinger": ("Žihadlo", "Жало"), "Stomp": ("Dupnutí", "Топтання"), "Strength Drain": ("Vysátí síly", "Висмоктування сили"),
    "Stunning Screech": ("Omračující skřek", "Приголомшливий вереск"), "Sword": ("Meč", "Меч"), "Tail": ("Ocas", "Хвіст"),
    "Tail Spike": ("Ocasní bodec", "Хвостовий шип"), "Tail Stinger": ("Ocasní žihadlo", "Хвостове жало"),
    "Talons": ("Pařáty", "Пазурі"), "Tendril": ("Úponek", "Вусик"), "Tentacle": ("Chapadlo", "Щупальце"),
    "Tentacle Slam": ("Úder chapadlem", "Удар щупальцем"), "Tentacles": ("Chapadla", "Щупальця"), "Touch": ("Dotek", "Дотик"),
    "Tusk": ("Kel", "Ікло"), "Tusks": ("Kly", "Ікла"), "Unarmed Strike": ("Úder beze zbraně", "Беззбройний удар"),
    "War Pick": ("Válečný krumpáč", "Бойовий кирок"), "Warhammer": ("Válečné kladivo", "Бойовий молот"),
    "Web": ("Pavučina", "Павутина"), "Whelm": ("Zaplavení", "Затоплення"), "Whip": ("Bič", "Батіг"),
    "Withering Touch": ("Vysušující dotek", "Висушувальний дотик"),
}


def attack_name(en):
    if en not in ATTACKS:
        raise SystemExit(f"gen-monsters: no Czech/Ukrainian name for the attack {en!r} (add it to ATTACKS)")
    cs, uk = ATTACKS[en]
    return {"en": en, "cs": cs, "uk": uk}


def names(en):
    if en in NAMES:
        return NAMES[en]
    w = en.split(" ")
    if len(w) == 3 and w[0] in AGES and w[1] in COLORS and w[2] == "Dragon":
        a, c = AGES[w[0]], COLORS[w[1]]
        return f"{a[0]} {c[0]} drak", f"{a[1]} {c[2]} дракон"
    if len(w) == 3 and w[0] in COLORS and w[1:] == ["Dragon", "Wyrmling"]:
        c = COLORS[w[0]]
        return f"{c[1].capitalize()} dračí mládě", f"{c[3].capitalize()} драконя"
    head, _, form = en.partition(", ")
    if head in WERE and form:
        cs, uk, animal_cs, animal_uk = WERE[head]
        if form == "Human Form":
            return f"{cs}, lidská podoba", f"{uk}, людська подоба"
        if form == "Hybrid Form":
            return f"{cs}, hybridní podoba", f"{uk}, гібридна подоба"
        return f"{cs}, {animal_cs} podoba", f"{uk}, подоба {animal_uk}"
    raise SystemExit(f"gen-monsters: no Czech/Ukrainian name for {en!r}")


def main():
    src = sys.argv[1]
    out = sys.argv[2] if len(sys.argv) > 2 else "assets/data/monsters.json"
    with open(src, encoding="utf-8") as f:
        monsters = json.load(f)
    rows = []
    for m in monsters:
        cs, uk = names(m["name"])
        row = {}
        for k, v in m.items():
            if k == "name":
                row[k] = {"en": v, "cs": cs, "uk": uk}
            elif k == "attacks" and v:
                row[k] = [dict(a, name=attack_name(a["name"])) for a in v]
            elif v in ([], {}, 0) and k in ("saves", "skills", "vulnerable", "resistant", "immune", "condition_immune",
                                            "legendary_actions", "legendary_resistances", "attacks"):
                continue  # absent = empty / 0
            else:
                row[k] = v
        rows.append(row)
    with open(out, "w", encoding="utf-8") as f:
        f.write("[\n")
        f.write(",\n".join(json.dumps(r, ensure_ascii=False, separators=(",", ":")) for r in rows))
        f.write("\n]\n")
    print(f"gen-monsters: {len(rows)} monsters → {out}")


if __name__ == "__main__":
    main()

//! Keeps the translations whole: every language has every English message,
//! with the same variables, renders it with sample arguments without a
//! problem, and keeps Discord's markup intact; and every message the code
//! asks for exists in English with exactly the arguments the code passes.

use std::collections::{BTreeMap, BTreeSet};

use fluent_syntax::ast;
use isolo_bot::words::{self, Args, Lang, Value, LOCALES};

/// A message's (or attribute's) variables, and the keys each selects on.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
struct Shape {
    vars: BTreeSet<String>,
    keys: BTreeMap<String, BTreeSet<String>>,
}

fn visit_pattern(p: &ast::Pattern<&str>, shape: &mut Shape) {
    for el in &p.elements {
        if let ast::PatternElement::Placeable { expression } = el {
            visit_expression(expression, shape);
        }
    }
}

fn visit_expression(e: &ast::Expression<&str>, shape: &mut Shape) {
    match e {
        ast::Expression::Select { selector, variants } => {
            let var = visit_inline(selector, shape);
            for v in variants {
                if let Some(var) = &var {
                    let key = match &v.key {
                        ast::VariantKey::Identifier { name } => name.to_string(),
                        ast::VariantKey::NumberLiteral { value } => value.to_string(),
                    };
                    shape.keys.entry(var.clone()).or_default().insert(key);
                }
                visit_pattern(&v.value, shape);
            }
        }
        ast::Expression::Inline(i) => {
            visit_inline(i, shape);
        }
    }
}

fn visit_inline(i: &ast::InlineExpression<&str>, shape: &mut Shape) -> Option<String> {
    match i {
        ast::InlineExpression::VariableReference { id } => {
            shape.vars.insert(id.name.to_string());
            Some(id.name.to_string())
        }
        ast::InlineExpression::FunctionReference { arguments, .. } => {
            let mut first = None;
            for a in &arguments.positional {
                let v = visit_inline(a, shape);
                first = first.or(v);
            }
            first
        }
        ast::InlineExpression::Placeable { expression } => {
            visit_expression(expression, shape);
            None
        }
        _ => None,
    }
}

/// Every message and attribute of a language, by key (`id` or `id.attr`), with its file.
fn shapes(files: &[(&str, &'static str)]) -> BTreeMap<String, (String, Shape)> {
    let mut out = BTreeMap::new();
    for (file, text) in files {
        let resource = match fluent_syntax::parser::parse(*text) {
            Ok(r) => r,
            Err((r, _)) => r,
        };
        for entry in resource.body {
            let ast::Entry::Message(m) = entry else { continue };
            if let Some(v) = &m.value {
                let mut s = Shape::default();
                visit_pattern(v, &mut s);
                out.insert(m.id.name.to_string(), (file.to_string(), s));
            }
            for a in &m.attributes {
                let mut s = Shape::default();
                visit_pattern(&a.value, &mut s);
                out.insert(format!("{}.{}", m.id.name, a.id.name), (file.to_string(), s));
            }
        }
    }
    out
}

fn files(tag: &str) -> &'static [(&'static str, &'static str)] {
    LOCALES
        .iter()
        .find(|(t, _)| *t == tag)
        .map(|(_, f)| *f)
        .expect("a language folder")
}

const PLURAL: [&str; 6] = ["zero", "one", "two", "few", "many", "other"];

/// Sample arguments that reach each variant of every select in turn: the
/// n-th sample picks each selector's n-th key.
fn samples(shape: &Shape) -> Vec<Args<'static>> {
    let rounds = shape.keys.values().map(BTreeSet::len).max().unwrap_or(1).max(1);
    (0..rounds)
        .map(|n| {
            words::args(shape.vars.iter().map(|var| {
                let value: Value<'static> = match shape.keys.get(var) {
                    Some(keys) => {
                        let keys: Vec<&String> = keys.iter().collect();
                        let key = keys[n % keys.len()];
                        if let Ok(number) = key.parse::<f64>() {
                            Value::from(number)
                        } else if PLURAL.contains(&key.as_str()) {
                            Value::from([0.0, 1.0, 2.0, 5.0, 21.0, 1_000_000.0][n % 6])
                        } else {
                            Value::from(key.clone())
                        }
                    }
                    None => Value::from(format!("‹{var}›")),
                };
                (Box::leak(var.clone().into_boxed_str()) as &str, value)
            }))
        })
        .collect()
}

#[test]
fn the_language_files_load_cleanly() {
    assert!(words::file_problems().is_empty(), "{:#?}", words::file_problems());
    let tags: Vec<&str> = words::languages().map(Lang::tag).collect();
    for tag in ["en", "sw", "fr", "pt-BR", "es", "de"] {
        assert!(tags.contains(&tag), "{tag} is shipped: {tags:?}");
    }
}

#[test]
fn every_language_has_every_english_message_with_its_variables() {
    let english = shapes(files("en"));
    let mut problems = Vec::new();
    for lang in words::languages() {
        let own = shapes(files(lang.tag()));
        for (key, (file, shape)) in &english {
            match own.get(key) {
                None => problems.push(format!(
                    "{}: {key} is missing (English has it in {file})",
                    lang.tag()
                )),
                Some((f, s)) => {
                    if f != file {
                        problems.push(format!(
                            "{}: {key} is in {f}, English has it in {file}",
                            lang.tag()
                        ));
                    }
                    if s.vars != shape.vars {
                        problems.push(format!(
                            "{}: {key} uses {:?}, English {:?}",
                            lang.tag(),
                            s.vars,
                            shape.vars
                        ));
                    }
                }
            }
        }
        for key in own.keys().filter(|k| !english.contains_key(*k)) {
            problems.push(format!(
                "{}: {key} is not an English message (unused)",
                lang.tag()
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_message_renders_in_every_language_with_discord_markup_intact() {
    let english = shapes(files("en"));
    let mut problems = Vec::new();
    let mut rendered = 0;
    for lang in words::languages() {
        let own = shapes(files(lang.tag()));
        for (key, (file, shape)) in &own {
            if !english.contains_key(key) {
                continue;
            }
            // The language's own selectors too: its plural forms.
            let mut both = shape.clone();
            for (var, keys) in &english[key].1.keys {
                both.keys
                    .entry(var.clone())
                    .or_default()
                    .extend(keys.iter().cloned());
            }
            for args in samples(&both) {
                match lang.try_tr(key, Some(&args)) {
                    Err(e) => problems.push(format!("{}/{file}: {key}: {e:?}", lang.tag())),
                    Ok(text) => {
                        rendered += 1;
                        let text = text.replace("```", "");
                        if text.trim().is_empty() && !key.ends_with("separator") {
                            problems.push(format!("{}: {key} renders empty", lang.tag()));
                        }
                        if text.matches("**").count() % 2 != 0 || text.matches('`').count() % 2 != 0 {
                            problems.push(format!("{}: {key} breaks Discord markup: {text}", lang.tag()));
                        }
                        if text.contains("@everyone") || text.contains("@here") {
                            problems.push(format!("{}: {key} pings everyone", lang.tag()));
                        }
                        if text.chars().count() > 2000 {
                            problems.push(format!("{}: {key} is longer than a Discord message", lang.tag()));
                        }
                    }
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(rendered > 1000, "{rendered}");
}

/// Each `tr!(lang, "id", name = value, ..)` in `src/`: the id and the names.
fn calls(text: &str) -> Vec<(String, BTreeSet<String>)> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("tr!(") {
        rest = &rest[at + 4..];
        let (mut depth, mut end) = (1, 0);
        let mut parts = vec![String::new()];
        let mut in_str = false;
        for (i, c) in rest.char_indices() {
            match c {
                '"' if !rest[..i].ends_with('\\') => in_str = !in_str,
                '(' | '[' | '{' if !in_str => depth += 1,
                ')' | ']' | '}' if !in_str => depth -= 1,
                ',' if !in_str && depth == 1 => {
                    parts.push(String::new());
                    continue;
                }
                _ => {}
            }
            if depth == 0 {
                end = i;
                break;
            }
            parts.last_mut().expect("a part").push(c);
        }
        let id = parts.get(1).map(|p| p.trim().to_string()).unwrap_or_default();
        if let Some(id) = id.strip_prefix('"').and_then(|i| i.strip_suffix('"')) {
            let names = parts[2..]
                .iter()
                .filter_map(|p| p.split_once('=').map(|(n, _)| n.trim().to_string()))
                .filter(|n| !n.is_empty())
                .collect();
            out.push((id.to_string(), names));
        }
        rest = &rest[end..];
    }
    out
}

#[test]
fn the_code_asks_for_english_messages_with_exactly_their_variables() {
    let english = shapes(files("en"));
    let mut problems = Vec::new();
    let mut seen = 0;
    let mut stack = vec![std::path::PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/src"
    ))];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("src") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            let text = std::fs::read_to_string(&path).expect("a source file");
            // Doc comments show the macro; they ask for nothing.
            let code: String = text
                .lines()
                .filter(|l| !l.trim_start().starts_with("//"))
                .collect::<Vec<_>>()
                .join("\n");
            for (id, names) in calls(&code) {
                seen += 1;
                match english.get(&id) {
                    None => problems.push(format!("{}: no English message {id}", path.display())),
                    Some((_, shape)) if shape.vars != names => problems.push(format!(
                        "{}: {id} is given {names:?}, the message uses {:?}",
                        path.display(),
                        shape.vars
                    )),
                    Some(_) => {}
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(seen > 150, "{seen} calls found");
}

/// A language's slash command and option names, as its picker shows them:
/// (message, attribute) to name, from the `.name` and `.<option>-name`
/// attributes of its `commands.ftl`.
fn picker_names(tag: &str) -> BTreeMap<(String, String), String> {
    let (_, text) = files(tag)
        .iter()
        .find(|(file, _)| *file == "commands.ftl")
        .expect("a commands.ftl");
    let resource = match fluent_syntax::parser::parse(*text) {
        Ok(r) => r,
        Err((r, _)) => r,
    };
    let mut out = BTreeMap::new();
    for entry in resource.body {
        let ast::Entry::Message(m) = entry else { continue };
        for a in &m.attributes {
            if a.id.name != "name" && !a.id.name.ends_with("-name") {
                continue;
            }
            let name: String = a
                .value
                .elements
                .iter()
                .filter_map(|e| match e {
                    ast::PatternElement::TextElement { value } => Some(*value),
                    ast::PatternElement::Placeable { .. } => None,
                })
                .collect();
            out.insert((m.id.name.to_string(), a.id.name.to_string()), name);
        }
    }
    out
}

/// The command and option names a line of text refers to: words after
/// `/isolo`, names before `:` inside a backquoted command, and a backquoted
/// bare name (`` `from` ``).
fn named_in(line: &str) -> Vec<&str> {
    let is_name = |w: &str| !w.is_empty() && w.chars().all(|c| c.is_ascii_lowercase() || c == '-');
    let mut out = Vec::new();
    for (i, span) in line.split('`').enumerate() {
        let quoted = i % 2 == 1;
        if quoted && is_name(span) {
            out.push(span);
        }
        let mut rest = span;
        while let Some(at) = rest.find("/isolo ") {
            rest = &rest[at + "/isolo ".len()..];
            let words = rest.split_whitespace();
            // Outside backquotes only the word right after /isolo is surely a name.
            for word in words.take(if quoted { usize::MAX } else { 1 }) {
                let word = word.trim_end_matches([',', '.', ';', ')']);
                let name = word.split(':').next().unwrap_or_default();
                if is_name(name) {
                    out.push(name);
                }
            }
        }
    }
    out
}

#[test]
fn sentences_name_commands_and_options_as_each_language_picker_shows_them() {
    let english = picker_names("en");
    let mut problems = Vec::new();
    let mut checked = 0;
    for (tag, files) in LOCALES.iter().filter(|(tag, _)| *tag != "en") {
        let own = picker_names(tag);
        let names: BTreeSet<&str> = own.values().map(String::as_str).collect();
        // English names this language's picker shows under another name.
        let replaced: BTreeSet<&str> = english
            .iter()
            .filter(|(key, name)| own.get(*key).is_some_and(|n| n != *name))
            .map(|(_, name)| name.as_str())
            .filter(|name| !names.contains(name))
            .collect();
        // The terminal's commands are typed in English in every language.
        for (file, text) in files
            .iter()
            .filter(|(f, _)| !["commands.ftl", "terminal.ftl"].contains(f))
        {
            for line in text.lines().filter(|l| !l.trim_start().starts_with('#')) {
                for name in named_in(line) {
                    checked += 1;
                    if replaced.contains(name) {
                        problems.push(format!("{tag}/{file}: `{name}` is English here: {line}"));
                    }
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(checked > 100, "only {checked} names found");
}

/// Count nouns whose plural is the singular, by language.
const INVARIANT: [(&str, &[&str]); 2] = [
    ("de", &["Samen", "Spieler"]),
    // Class 9/10 nouns.
    (
        "sw",
        &[
            "kete", "mbegu", "siku", "saa", "dakika", "hatua", "raundi", "mara",
        ],
    ),
];

/// Every count English words with a plural is worded with plural cases in
/// every language too, and reads right for 0, 1, 2 and 5: a message that
/// counts without a select ("1 semillas"), or, in Brazilian Portuguese,
/// whose 0 takes the singular (CLDR puts 0 with 1 there; Brazilians write
/// "0 sementes"), fails. A noun whose plural is its singular (German
/// Samen, Swahili kete) may be counted without a select.
#[test]
fn every_counted_noun_has_its_plural_cases_in_every_language() {
    let english = shapes(files("en"));
    let mut problems = Vec::new();
    for lang in words::languages() {
        let own = shapes(files(lang.tag()));
        for (key, (_, en_shape)) in &english {
            let Some((_, shape)) = own.get(key) else { continue };
            for (var, keys) in &en_shape.keys {
                if !keys.contains("one") || !keys.contains("other") {
                    continue;
                }
                let selects = shape
                    .keys
                    .get(var)
                    .is_some_and(|k| k.iter().any(|k| PLURAL.contains(&k.as_str())));
                let render = |n: f64| {
                    let mut base = samples(shape).swap_remove(0);
                    base.set(var.clone(), Value::from(n));
                    lang.try_tr(key, Some(&base)).unwrap_or_default()
                };
                let counts_invariant = INVARIANT
                    .iter()
                    .filter(|(tag, _)| *tag == lang.tag())
                    .flat_map(|(_, nouns)| nouns.iter())
                    .any(|noun| render(5.0).contains(noun));
                if !selects && lang.tag() != "en" && !counts_invariant {
                    problems.push(format!(
                        "{}: {key} counts ${var} without plural cases",
                        lang.tag()
                    ));
                    continue;
                }
                let zero_singular = render(0.0).replace('0', "N") == render(1.0).replace('1', "N");
                if lang.tag() == "pt-BR" && selects && !shape.keys[var].contains("0") && zero_singular {
                    problems.push(format!("pt-BR: {key} reads ${var} = 0 in the singular"));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// English game words a translation must not keep. Ng'hana is the game's
/// own word and stays everywhere.
const ENGLISH_TERMS: &[&str] = &[
    "overture",
    "relay",
    "relays",
    "relayed",
    "sow",
    "sows",
    "sowing",
    "sown",
    "seed",
    "seeds",
    "pit",
    "pits",
    "captures",
    "captured",
    "board",
    "boards",
    "move",
    "moves",
    "rating",
    "streak",
    "puzzle",
    "puzzles",
    "tournament",
    "tournaments",
    "leaderboard",
    "draw",
    "rematch",
    "challenge",
    "resign",
    "south",
    "north",
    "row",
    "rows",
    "win",
    "wins",
    "lap",
    "laps",
    "hint",
    "review",
    "standings",
    "forced",
    "wipe-out",
];

/// Words of [`ENGLISH_TERMS`] that are also the language's own, or the
/// word its players use.
const OWN_WORDS: [(&str, &[&str]); 2] = [
    // Brazilian chess players say "rating".
    ("pt-BR", &["rating"]),
    ("fr", &["captures", "capturé"]),
];

/// The terminal's commands, typed in English in every language.
const TERMINAL_COMMANDS: &[&str] = &[
    "move", "board", "png", "animate", "save", "hint", "draw", "resign", "history", "rules", "help", "quit",
    "review",
];

/// `text` without the command names after `/isolo` (the picker's names,
/// checked by the picker test).
fn without_commands(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("/isolo ") {
        out.push_str(&rest[..at]);
        rest = rest[at + "/isolo ".len()..].trim_start_matches(|c: char| c.is_ascii_lowercase() || c == '-');
    }
    out.push_str(rest);
    out
}

/// The text a player reads in a pattern: its text elements, with every
/// select's variants, without the backquoted command spans.
fn text_of(p: &ast::Pattern<&str>, out: &mut String) {
    for el in &p.elements {
        match el {
            ast::PatternElement::TextElement { value } => out.push_str(value),
            ast::PatternElement::Placeable {
                expression: ast::Expression::Select { variants, .. },
            } => {
                for v in variants {
                    out.push(' ');
                    text_of(&v.value, out);
                }
            }
            ast::PatternElement::Placeable { .. } => out.push(' '),
        }
    }
}

#[test]
fn no_english_game_word_is_left_in_a_translation() {
    let mut problems = Vec::new();
    let mut words_read = 0;
    for (tag, files) in LOCALES.iter().filter(|(tag, _)| *tag != "en") {
        let own: &[&str] = OWN_WORDS.iter().find(|(t, _)| t == tag).map_or(&[], |(_, w)| w);
        for (file, text) in files.iter() {
            let resource = match fluent_syntax::parser::parse(*text) {
                Ok(r) => r,
                Err((r, _)) => r,
            };
            for entry in resource.body {
                let ast::Entry::Message(m) = entry else { continue };
                let mut patterns: Vec<(String, &ast::Pattern<&str>)> = Vec::new();
                if let Some(v) = &m.value {
                    patterns.push((m.id.name.to_string(), v));
                }
                for a in &m.attributes {
                    // Picker names are checked against the picker itself.
                    if a.id.name != "name" && !a.id.name.ends_with("-name") {
                        patterns.push((format!("{}.{}", m.id.name, a.id.name), &a.value));
                    }
                }
                for (key, pattern) in patterns {
                    let mut text = String::new();
                    text_of(pattern, &mut text);
                    let spoken = without_commands(&text.split('`').step_by(2).collect::<Vec<_>>().join(" "));
                    for word in spoken.split(|c: char| !(c.is_alphabetic() || c == '-')) {
                        let word = word.trim_matches('-').to_lowercase();
                        words_read += 1;
                        let typed = *file == "terminal.ftl" && TERMINAL_COMMANDS.contains(&word.as_str());
                        if ENGLISH_TERMS.contains(&word.as_str()) && !own.contains(&word.as_str()) && !typed {
                            problems.push(format!("{tag}/{file}: {key} says \"{word}\" in English"));
                        }
                    }
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(words_read > 10_000, "only {words_read} words read");
}

/// The page's files, as the binary serves them.
const PAGE_HTML: &str = include_str!("../../web/index.html");
const PAGE_JS: &str = include_str!("../../web/app.js");

/// Each `${…}` of each template literal in `js`: the literal's number, the
/// expression, and the text right after it inside the literal.
fn interpolations(js: &str) -> Vec<(usize, String, String)> {
    let mut out = Vec::new();
    for (i, literal) in js.split('`').enumerate() {
        if i % 2 == 0 {
            continue;
        }
        let mut rest = literal;
        while let Some(at) = rest.find("${") {
            let inner = &rest[at + 2..];
            let (mut depth, mut end) = (1, inner.len());
            for (j, c) in inner.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    _ => {}
                }
                if depth == 0 {
                    end = j;
                    break;
                }
            }
            let expr = inner[..end].to_string();
            rest = inner.get(end + 1..).unwrap_or_default();
            let after: String = rest.split("${").next().unwrap_or_default().to_string();
            out.push((i, expr, after));
        }
    }
    out
}

/// A number is worded with its noun in one message (`web-seeds` takes
/// `$seeds`), never glued to a label by the page ("1 seeds", "24 kete") or
/// to a unit of its own ("2h05").
#[test]
fn the_page_glues_no_number_to_a_word() {
    let is_label = |e: &str| e.trim_start().starts_with("label(");
    let found = interpolations(PAGE_JS);
    let mut problems = Vec::new();
    for pair in found.windows(2) {
        let ((literal, first, between), (next, second, _)) = (&pair[0], &pair[1]);
        if literal == next && !is_label(first) && is_label(second) && between.trim().is_empty() {
            problems.push(format!("`${{{first}}} ${{{second}}}`: a number before its noun"));
        }
    }
    for (_, expr, after) in &found {
        if after.starts_with(|c: char| c.is_alphabetic()) {
            problems.push(format!("`${{{expr}}}{after}`: a unit glued to a number"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(found.len() > 10, "only {} interpolations read", found.len());
    // The page takes its seed totals worded.
    assert!(PAGE_JS.contains("words.seeds["), "the page words its seed totals");
}

/// The page's seed total is one message that takes its number, and reads
/// as the board picture's count in every language ("kete 24" noun first in
/// Swahili).
#[test]
fn the_page_counts_seeds_with_their_number_as_the_picture_does() {
    use isolo_bot::words::page::{seed_counts, MOST_SEEDS};
    for lang in words::languages() {
        let counts = seed_counts(lang);
        assert_eq!(counts.len(), MOST_SEEDS as usize + 1, "{}", lang.tag());
        for (n, text) in counts.iter().enumerate() {
            let number = n.to_string();
            assert!(
                text.split_whitespace().any(|w| w == number),
                "{}: {n} seeds read {text:?}",
                lang.tag()
            );
            let picture = lang.try_tr("picture-seeds", Some(&words::args([("seeds", Value::from(n))])));
            assert_eq!(
                Ok(text.clone()),
                picture,
                "{}: the page and the picture",
                lang.tag()
            );
        }
    }
    let sw = words::languages().find(|l| l.tag() == "sw").expect("Swahili");
    assert_eq!(seed_counts(sw)[24], "kete 24");
    assert_eq!(seed_counts(Lang::ENGLISH)[1], "1 seed");
}

/// Brazilian command and option names carry no accents: the file's own rule,
/// so that what help shows is what a player types.
#[test]
fn brazilian_picker_names_are_ascii() {
    let names = picker_names("pt-BR");
    assert!(names.len() > 50, "{} names", names.len());
    let accented: Vec<_> = names.iter().filter(|(_, n)| !n.is_ascii()).collect();
    assert!(accented.is_empty(), "{accented:?}");
}

/// Discord has no Swahili: Swahili speakers see and type the English names,
/// so the Swahili file's names are the English ones.
#[test]
fn swahili_picker_names_are_the_english_ones() {
    let (en, sw) = (picker_names("en"), picker_names("sw"));
    assert!(en.len() > 50, "{} names", en.len());
    let differ: Vec<_> = en
        .iter()
        .filter(|(key, name)| sw.get(*key) != Some(*name))
        .map(|(key, name)| format!("{key:?}: English {name}, Swahili {:?}", sw.get(key)))
        .collect();
    assert!(differ.is_empty(), "{}", differ.join("\n"));
}

/// Symbols many systems have no font for (arrows, technical and geometric
/// shapes, dingbats, emoji): a headless Chromium on Debian draws them as
/// boxes.
fn needs_a_symbol_font(c: char) -> bool {
    matches!(u32::from(c), 0x2190..=0x21FF | 0x2300..=0x23FF | 0x25A0..=0x27BF | 0x2900..=0x2BFF | 0x1F000..)
}

/// The page's controls are drawn (inline SVG, hidden from screen readers),
/// not written with symbol glyphs, and each keeps its words as its label.
#[test]
fn the_page_controls_need_no_symbol_font() {
    let glyphs: Vec<char> = PAGE_HTML
        .chars()
        .chain(PAGE_JS.chars())
        .filter(|&c| needs_a_symbol_font(c))
        .collect();
    assert!(glyphs.is_empty(), "symbol glyphs on the page: {glyphs:?}");
    let nav = PAGE_HTML
        .split("<nav id=\"controls\">")
        .nth(1)
        .and_then(|n| n.split("</nav>").next())
        .expect("the page's controls");
    let english = shapes(files("en"));
    let mut buttons = 0;
    for button in nav.split("<button").skip(1) {
        let button = button.split("</button>").next().expect("a closed button");
        let id = button
            .split("id=\"")
            .nth(1)
            .and_then(|i| i.split('"').next())
            .expect("a button's id");
        assert!(
            button.contains("<svg") && button.contains("aria-hidden=\"true\""),
            "{id} is drawn, its drawing hidden from screen readers: {button}"
        );
        // Text outside the tags would be read out, or shown as a glyph.
        let text: String = button
            .split('<')
            .map(|part| part.split_once('>').map_or("", |(_, t)| t))
            .collect();
        assert!(text.trim().is_empty(), "{id} has text {text:?}");
        let key = format!("web-{id}");
        assert!(english.contains_key(&key), "{id}'s words: {key}");
        assert!(
            PAGE_JS.contains(&format!("{id}: '{key}'")),
            "the page labels {id} with {key}"
        );
        buttons += 1;
    }
    assert_eq!(buttons, 7, "the page's buttons");
}

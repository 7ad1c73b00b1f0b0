//! The house's rule: no file of `src/` imports, directly or through others,
//! a file that imports it back (ARCHITECTURE.md).
//!
//! Read from the source, not the compiler: every `use` and every path
//! through `crate::`, `super::`, `self::`, a child module or a name a `use`
//! brought in is an edge from its file to the file of the module it names
//! (`crate::discord::flow::X` is `discord/flow.rs`, `crate::discord::X` is
//! `discord/mod.rs`). A child's `super::` counts, so a circle through a
//! `mod.rs` fails too. `mod x;` declares, it does not import; modules under
//! `#[cfg(test)]` are the tests' own and are left out.

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::fs;
use std::path::{Path, PathBuf};

/// Rooms whose files still import their `mod.rs` back (types the children
/// share kept in the `mod.rs`), or each other: known, and to be taken off
/// this list as each is reshaped. A circle anywhere else, or one between
/// rooms, fails; so does a room here that no longer has one.
const KNOWN_CIRCLES: [&str; 6] = ["ai/", "engine/", "render/", "store/", "table/", "web/"];

#[test]
fn no_import_circles() {
    let circles = circles(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    let within = |room: &str, circle: &str| {
        circle
            .split(" -> ")
            .all(|step| step.trim_start_matches("   ").starts_with(room))
    };
    let new: Vec<_> = circles
        .iter()
        .filter(|c| {
            let path = c.split("   (").next().unwrap();
            !KNOWN_CIRCLES.iter().any(|room| within(room, path))
        })
        .collect();
    assert!(
        new.is_empty(),
        "import circles between files of src/ (a file imports, through the others, a file that imports it back):\n{}",
        new.iter().map(|c| c.as_str()).collect::<Vec<_>>().join("\n")
    );
    let gone: Vec<_> = KNOWN_CIRCLES
        .iter()
        .filter(|room| {
            !circles
                .iter()
                .any(|c| within(room, c.split("   (").next().unwrap()))
        })
        .collect();
    assert!(
        gone.is_empty(),
        "no circle left in {gone:?}: take it off KNOWN_CIRCLES"
    );
}

#[test]
fn a_circle_is_found() {
    let dir = std::env::temp_dir().join(format!("isolo-house-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(dir.join("a")).unwrap();
    let write = |path: &str, text: &str| fs::write(dir.join(path), text).unwrap();
    write("lib.rs", "pub mod a;\npub mod leaf;\n");
    write("leaf.rs", "pub struct L;\n");
    write("a/mod.rs", "mod b;\nmod c;\npub fn f() { c::g(); }\n");
    write("a/b.rs", "use crate::leaf::L;\npub struct B(L);\n");
    write(
        "a/c.rs",
        "use crate::{leaf::L, a::{b::B}};\n#[cfg(test)]\nmod tests { use super::super::f; }\npub fn g() { super::f(); }\n",
    );
    let found = circles(&dir);
    let _ = fs::remove_dir_all(&dir);
    assert_eq!(
        found,
        ["a/c.rs:4 -> a/mod.rs:3 -> a/c.rs"],
        "the circle through a/mod.rs"
    );
}

/// Every circle: one line each, `file:line -> file:line -> ... -> file`,
/// the line being where the file names the next one.
fn circles(src: &Path) -> Vec<String> {
    let mut files = BTreeMap::new();
    for root in ["lib.rs", "main.rs"] {
        if src.join(root).exists() {
            load(src, &src.join(root), root, Vec::new(), &mut files);
        }
    }
    let mut edges: BTreeMap<String, BTreeMap<String, usize>> = BTreeMap::new();
    for file in files.values() {
        let out = edges.entry(file.name.clone()).or_default();
        for (path, line) in &file.uses {
            for target in files_of(&files, &file.krate, path, 0) {
                if target != file.name {
                    out.entry(target).or_insert(*line);
                }
            }
        }
    }
    let mut found = Vec::new();
    for component in components(&edges) {
        if component.len() < 2 {
            continue;
        }
        let start = component.iter().next().unwrap().clone();
        let cycle = shortest_cycle(&edges, &component, &start);
        let mut line = String::new();
        for pair in cycle.windows(2) {
            line += &format!("{}:{} -> ", pair[0], edges[&pair[0]][&pair[1]]);
        }
        line += &start;
        if component.len() > cycle.len() - 1 {
            let all: Vec<_> = component.iter().map(String::as_str).collect();
            line += &format!("   (the circle holds {})", all.join(", "));
        }
        found.push(line);
    }
    found
}

/// Paths from the crate's root, each with the line naming it.
type Paths = Vec<(Vec<String>, usize)>;

/// One file of a crate: its module path and the paths it names.
struct File {
    name: String,
    krate: String,
    module: Vec<String>,
    uses: Vec<(Vec<String>, usize)>,
    names: Names,
}

/// What a file's own scope holds: the items it defines, the names its `use`s
/// bring in (with their absolute paths), and its glob imports.
#[derive(Default)]
struct Names {
    defined: BTreeSet<String>,
    imported: BTreeMap<String, Vec<String>>,
    globs: Vec<Vec<String>>,
}

/// Reads `path` (module `module` of crate `krate`) and the files it declares.
fn load(src: &Path, path: &Path, krate: &str, module: Vec<String>, files: &mut BTreeMap<String, File>) {
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let tokens = tokens(&text);
    let name = path
        .strip_prefix(src)
        .unwrap()
        .to_string_lossy()
        .replace('\\', "/");
    let (declared, uses, names) = read(&tokens, &module);
    let stem = path.file_stem().unwrap().to_string_lossy().to_string();
    let dir: PathBuf = if ["mod", "lib", "main"].contains(&stem.as_str()) {
        path.parent().unwrap().to_path_buf()
    } else {
        path.parent().unwrap().join(&stem)
    };
    for child in declared {
        let mut child_module = module.clone();
        child_module.push(child.clone());
        let flat = dir.join(format!("{child}.rs"));
        let nested = dir.join(&child).join("mod.rs");
        let file = if flat.exists() { flat } else { nested };
        load(src, &file, krate, child_module, files);
    }
    files.insert(
        name.clone(),
        File {
            name,
            krate: krate.to_string(),
            module,
            uses,
            names,
        },
    );
}

/// The files a path leads to: the file of the longest module prefix, or,
/// when that file only re-exports the name (`pub use child::X`), the file
/// the name comes from: a re-export is a door, not a room.
fn files_of(files: &BTreeMap<String, File>, krate: &str, path: &[String], hops: usize) -> BTreeSet<String> {
    let Some(file) = files
        .values()
        .filter(|f| f.krate == krate && path.starts_with(&f.module))
        .max_by_key(|f| f.module.len())
    else {
        return BTreeSet::new();
    };
    let rest = &path[file.module.len()..];
    let own = BTreeSet::from([file.name.clone()]);
    let Some(name) = rest.first() else {
        return own;
    };
    if hops > 8 || file.names.defined.contains(name) {
        return own;
    }
    let through = |to: &[String]| {
        let mut next = to.to_vec();
        next.extend(rest[1..].iter().cloned());
        files_of(files, krate, &next, hops + 1)
    };
    if let Some(to) = file.names.imported.get(name) {
        return through(to);
    }
    let mut found = BTreeSet::new();
    for glob in &file.names.globs {
        let mut next = glob.clone();
        next.push(name.clone());
        found.extend(through(&next));
    }
    if found.is_empty() {
        own
    } else {
        found
    }
}

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Ident(String),
    Path,
    Open,
    Close,
    Comma,
    Semi,
    Star,
    Hash,
    Other,
}

/// The tokens that matter for paths, each with its line; comments, strings
/// and characters are skipped.
fn tokens(text: &str) -> Vec<(Tok, usize)> {
    let c: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let (mut i, mut line) = (0, 1);
    let at = |i: usize| c.get(i).copied().unwrap_or('\0');
    while i < c.len() {
        let ch = c[i];
        let start_line = line;
        if ch == '\n' {
            line += 1;
            i += 1;
        } else if ch.is_whitespace() {
            i += 1;
        } else if ch == '/' && at(i + 1) == '/' {
            while i < c.len() && c[i] != '\n' {
                i += 1;
            }
        } else if ch == '/' && at(i + 1) == '*' {
            let mut depth = 0;
            while i < c.len() {
                if c[i] == '/' && at(i + 1) == '*' {
                    depth += 1;
                    i += 2;
                } else if c[i] == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    line += usize::from(c[i] == '\n');
                    i += 1;
                }
            }
        } else if ch == '"' {
            i += 1;
            while i < c.len() && c[i] != '"' {
                line += usize::from(c[i] == '\n');
                i += if c[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
        } else if ch == '\'' {
            if at(i + 1) == '\\' {
                i += 2;
                while i < c.len() && c[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if at(i + 2) == '\'' {
                i += 3;
            } else {
                // A lifetime or a label: its name is no path.
                i += 1;
                while at(i).is_alphanumeric() || at(i) == '_' {
                    i += 1;
                }
            }
        } else if ch.is_alphabetic() || ch == '_' {
            let begin = i;
            while at(i).is_alphanumeric() || at(i) == '_' {
                i += 1;
            }
            let word: String = c[begin..i].iter().collect();
            let raw_string = matches!(word.as_str(), "r" | "br" | "cr")
                && (at(i) == '"' || (at(i) == '#' && (at(i + 1) == '"' || at(i + 1) == '#')));
            if raw_string {
                let mut hashes = 0;
                while at(i) == '#' {
                    hashes += 1;
                    i += 1;
                }
                i += 1;
                loop {
                    if i >= c.len() {
                        break;
                    }
                    if c[i] == '"' && (1..=hashes).all(|k| at(i + k) == '#') {
                        i += 1 + hashes;
                        break;
                    }
                    line += usize::from(c[i] == '\n');
                    i += 1;
                }
            } else if word == "r" && at(i) == '#' {
                i += 1;
            } else if (word == "b" || word == "c") && (at(i) == '"' || at(i) == '\'') {
                // A byte string or byte: read by the branches above next.
            } else {
                out.push((Tok::Ident(word), start_line));
            }
        } else if ch.is_ascii_digit() {
            while at(i).is_alphanumeric() || at(i) == '_' {
                i += 1;
            }
        } else {
            let tok = match ch {
                ':' if at(i + 1) == ':' => {
                    i += 1;
                    Tok::Path
                }
                '{' => Tok::Open,
                '}' => Tok::Close,
                ',' => Tok::Comma,
                ';' => Tok::Semi,
                '*' => Tok::Star,
                '#' => Tok::Hash,
                _ => Tok::Other,
            };
            out.push((tok, start_line));
            i += 1;
        }
    }
    out
}

fn ident(tokens: &[(Tok, usize)], i: usize) -> Option<&str> {
    match tokens.get(i) {
        Some((Tok::Ident(s), _)) => Some(s),
        _ => None,
    }
}

fn is(tokens: &[(Tok, usize)], i: usize, tok: &Tok) -> bool {
    tokens.get(i).is_some_and(|(t, _)| t == tok)
}

/// The files a file declares (`mod x;`, not under `#[cfg(test)]`) and every
/// path it names, made absolute (None for paths outside the crate).
fn read(tokens: &[(Tok, usize)], module: &[String]) -> (Vec<String>, Paths, Names) {
    // Pass 1: scopes (inline modules) and the children each declares.
    let mut declared = Vec::new();
    let mut children: BTreeMap<Vec<String>, BTreeSet<String>> = BTreeMap::new();
    let mut scope_at = Vec::with_capacity(tokens.len());
    let mut skip_at = Vec::with_capacity(tokens.len());
    let mut scopes: Vec<(Vec<String>, usize, bool)> = vec![(module.to_vec(), 0, false)];
    let mut depth = 0;
    let mut pending: Option<(Vec<String>, bool)> = None;
    for i in 0..tokens.len() {
        let (scope, skipping) = {
            let top = scopes.last().unwrap();
            (top.0.clone(), top.2)
        };
        match &tokens[i].0 {
            Tok::Open => {
                depth += 1;
                if let Some((inner, test)) = pending.take() {
                    scopes.push((inner, depth, skipping || test));
                }
            }
            Tok::Close => {
                if scopes.len() > 1 && scopes.last().unwrap().1 == depth {
                    scopes.pop();
                }
                depth -= 1;
            }
            Tok::Ident(w) if w == "mod" => {
                if let Some(name) = ident(tokens, i + 1) {
                    let test = under_cfg_test(tokens, i);
                    if is(tokens, i + 2, &Tok::Semi) {
                        if !test && !skipping && scope == module {
                            declared.push(name.to_string());
                            children
                                .entry(scope.clone())
                                .or_default()
                                .insert(name.to_string());
                        }
                    } else if is(tokens, i + 2, &Tok::Open) {
                        children
                            .entry(scope.clone())
                            .or_default()
                            .insert(name.to_string());
                        let mut inner = scope.clone();
                        inner.push(name.to_string());
                        pending = Some((inner, test));
                    }
                }
            }
            _ => {}
        }
        scope_at.push(scope);
        skip_at.push(skipping);
    }
    // Pass 2: `use` trees, then paths in the code.
    let mut aliases: BTreeMap<Vec<String>, BTreeMap<String, Vec<String>>> = BTreeMap::new();
    let mut found = Vec::new();
    let mut names = Names::default();
    let items = [
        "struct", "enum", "fn", "trait", "type", "const", "static", "union", "mod",
    ];
    for (k, scope) in scope_at.iter().enumerate() {
        if scope == module && ident(tokens, k).is_some_and(|w| items.contains(&w)) {
            if let Some(name) = ident(tokens, k + 1) {
                names.defined.insert(name.to_string());
            }
        }
        if ident(tokens, k) == Some("macro_rules") {
            if let Some(name) = ident(tokens, k + 2) {
                names.defined.insert(name.to_string());
            }
        }
    }
    let no_children = BTreeSet::new();
    let mut i = 0;
    while i < tokens.len() {
        let scope = &scope_at[i];
        let kids = children.get(scope).unwrap_or(&no_children);
        if skip_at[i] {
            i += 1;
            continue;
        }
        if ident(tokens, i) == Some("use") {
            let line = tokens[i].1;
            let mut j = i + 1;
            let mut trees = Vec::new();
            use_tree(tokens, &mut j, Vec::new(), &mut trees);
            for (path, alias) in trees {
                let Some(absolute) = absolute(&path, scope, kids, aliases.get(scope)) else {
                    continue;
                };
                if path.last().is_some_and(|s| s == "*") && scope == module {
                    names.globs.push(absolute.clone());
                }
                if let Some(name) = alias.or_else(|| path.last().cloned()) {
                    if name != "*" && name != "_" {
                        aliases
                            .entry(scope.clone())
                            .or_default()
                            .insert(name, absolute.clone());
                    }
                }
                found.push((absolute, line));
            }
            i = j;
            continue;
        }
        let starts_path = i == 0 || !is(tokens, i - 1, &Tok::Path);
        if let (Some(_), true, true) = (ident(tokens, i), starts_path, is(tokens, i + 1, &Tok::Path)) {
            let line = tokens[i].1;
            let mut path = Vec::new();
            let mut j = i;
            while let Some(word) = ident(tokens, j) {
                path.push(word.to_string());
                if !is(tokens, j + 1, &Tok::Path) {
                    break;
                }
                j += 2;
            }
            if let Some(absolute) = absolute(&path, scope, kids, aliases.get(scope)) {
                found.push((absolute, line));
            }
            i = j + 1;
            continue;
        }
        i += 1;
    }
    names.imported = aliases.remove(module).unwrap_or_default();
    (declared, found, names)
}

/// Whether the item at `i` has `#[cfg(test)]` among its attributes.
fn under_cfg_test(tokens: &[(Tok, usize)], i: usize) -> bool {
    let mut k = i;
    while k > 0 && matches!(ident(tokens, k - 1), Some("pub")) {
        k -= 1;
    }
    // `pub(super)`, `pub(crate)`: the parentheses are `Other`.
    while k >= 3 && tokens[k - 1].0 == Tok::Other && ident(tokens, k - 3) == Some("pub") {
        k -= 3;
    }
    let mut text = Vec::new();
    let mut j = k;
    while j > 0 && tokens[j - 1].0 == Tok::Other {
        // Walk back over one `#[...]` attribute at a time.
        let mut m = j - 1;
        while m > 0 && tokens[m].0 != Tok::Hash {
            m -= 1;
        }
        if tokens[m].0 != Tok::Hash {
            break;
        }
        text.extend(tokens[m..j].iter().filter_map(|(t, _)| match t {
            Tok::Ident(s) => Some(s.clone()),
            _ => None,
        }));
        j = m;
    }
    text.windows(2).any(|w| w[0] == "cfg" && w[1] == "test")
}

/// One `use` tree from `*i`, expanded into paths with their `as` names.
fn use_tree(
    tokens: &[(Tok, usize)],
    i: &mut usize,
    prefix: Vec<String>,
    out: &mut Vec<(Vec<String>, Option<String>)>,
) {
    let mut path = prefix;
    loop {
        match tokens.get(*i).map(|t| &t.0) {
            Some(Tok::Path) => *i += 1,
            Some(Tok::Ident(word)) => {
                if word == "self" && !path.is_empty() {
                    // `a::{self, b}`: `a` itself.
                    *i += 1;
                } else {
                    path.push(word.clone());
                    *i += 1;
                }
                if is(tokens, *i, &Tok::Path) {
                    *i += 1;
                    continue;
                }
                break;
            }
            Some(Tok::Open) => {
                *i += 1;
                while *i < tokens.len() && !is(tokens, *i, &Tok::Close) {
                    use_tree(tokens, i, path.clone(), out);
                    if is(tokens, *i, &Tok::Comma) {
                        *i += 1;
                    }
                }
                *i += 1;
                if is(tokens, *i, &Tok::Semi) {
                    *i += 1;
                }
                return;
            }
            Some(Tok::Star) => {
                *i += 1;
                path.push("*".to_string());
                out.push((path, None));
                return;
            }
            _ => break,
        }
    }
    let mut alias = None;
    if ident(tokens, *i) == Some("as") {
        alias = ident(tokens, *i + 1).map(str::to_string);
        *i += 2;
    }
    if is(tokens, *i, &Tok::Semi) {
        *i += 1;
    }
    out.push((path, alias));
}

/// A path as written in `scope`, from the crate's root; None outside it.
fn absolute(
    path: &[String],
    scope: &[String],
    children: &BTreeSet<String>,
    aliases: Option<&BTreeMap<String, Vec<String>>>,
) -> Option<Vec<String>> {
    let first = path.first()?;
    let mut rest = &path[1..];
    let mut base: Vec<String> = match first.as_str() {
        "crate" => Vec::new(),
        "self" => scope.to_vec(),
        "super" => scope[..scope.len().checked_sub(1)?].to_vec(),
        name if children.contains(name) => {
            let mut base = scope.to_vec();
            base.push(name.to_string());
            base
        }
        name => aliases?.get(name)?.clone(),
    };
    while rest.first().is_some_and(|s| s == "super") {
        base.pop()?;
        rest = &rest[1..];
    }
    base.extend(rest.iter().filter(|s| *s != "*").cloned());
    Some(base)
}

/// The strongly connected components (Tarjan's), each a sorted set.
fn components(edges: &BTreeMap<String, BTreeMap<String, usize>>) -> Vec<BTreeSet<String>> {
    struct State<'a> {
        edges: &'a BTreeMap<String, BTreeMap<String, usize>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        out: Vec<BTreeSet<String>>,
    }
    fn visit<'a>(s: &mut State<'a>, v: &'a str) {
        let n = s.index.len();
        s.index.insert(v, n);
        s.low.insert(v, n);
        s.stack.push(v);
        s.on_stack.insert(v);
        if let Some(targets) = s.edges.get(v) {
            for w in targets.keys() {
                let w = w.as_str();
                if !s.index.contains_key(w) {
                    visit(s, w);
                    let low = s.low[w].min(s.low[v]);
                    s.low.insert(v, low);
                } else if s.on_stack.contains(w) {
                    let low = s.index[w].min(s.low[v]);
                    s.low.insert(v, low);
                }
            }
        }
        if s.low[v] == s.index[v] {
            let mut component = BTreeSet::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack.remove(w);
                component.insert(w.to_string());
                if w == v {
                    break;
                }
            }
            s.out.push(component);
        }
    }
    let mut s = State {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        out: Vec::new(),
    };
    for v in edges.keys() {
        if !s.index.contains_key(v.as_str()) {
            visit(&mut s, v);
        }
    }
    s.out.sort();
    s.out
}

/// The shortest way from `start` back to itself inside `component`.
fn shortest_cycle(
    edges: &BTreeMap<String, BTreeMap<String, usize>>,
    component: &BTreeSet<String>,
    start: &str,
) -> Vec<String> {
    let mut previous: BTreeMap<String, String> = BTreeMap::new();
    let mut queue = VecDeque::from([start.to_string()]);
    while let Some(v) = queue.pop_front() {
        for w in edges[&v].keys().filter(|w| component.contains(*w)) {
            if w == start {
                let mut cycle = vec![v.clone()];
                while let Some(p) = previous.get(cycle.last().unwrap()) {
                    cycle.push(p.clone());
                }
                cycle.reverse();
                cycle.push(start.to_string());
                return cycle;
            }
            if !previous.contains_key(w) && w != start {
                previous.insert(w.clone(), v.clone());
                queue.push_back(w.clone());
            }
        }
    }
    unreachable!("a component of two or more files has a cycle")
}

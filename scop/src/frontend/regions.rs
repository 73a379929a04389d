//! The `#pragma scop` regions of a whole file, each read as a kernel of its own: what it reads
//! and writes from outside (globals, the enclosing function's parameters and locals), and how
//! each must be passed so that a function holding only the region computes what the region
//! computes where it stands ([`regions`]).
//!
//! # Design notes
//!
//! - **Names are resolved as C scopes them.** One walk over the translation unit declares file
//!   scope, parameters, blocks and `for` declarations in order and records every occurrence of
//!   a variable with the declaration it names and its role (read, written by `=`, read and
//!   written, address taken). A name declared inside the region is the region's own.
//! - **A scalar the region writes** is a local of the kernel when nothing can read the value
//!   the region leaves nor give it the value it reads: no occurrence outside the region reads
//!   it (each is the target of `=`, or lies in a `for` statement that starts by assigning it
//!   and does not hold the region, or follows an expression statement `x = ...;` of its
//!   block, or of a block around it, with the region in neither), it is not a global or a `static`, and inside the region
//!   every read follows a write on every path (a must-be-assigned walk: sequences accumulate,
//!   loop bodies and branches do not pass what they assign on, a `for`'s start does). Else it
//!   travels through a one-element array: copied in when the region may read it first, always
//!   copied out.
//! - **Arrays** are passed as themselves, with their declared shape: `double A[N][M]`,
//!   `double *A`, and `double (*A)[N]` (a pointer to rows) as `double A[][N]`; one declared at
//!   file scope is [`Pass::Global`] (C may name the object itself). A size that
//!   reads variables passes them too; those may not be written by the region, nor anywhere
//!   after the array's declaration (else the shape at the call would not be the declared one).

use super::*;
use lang_c::visit::{self, Visit};
use std::collections::HashSet;

/// A `#pragma scop` region of a file, read as a kernel of its own ([`regions`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Region {
    /// The function it stands in.
    pub function: String,
    /// The line of its `#pragma scop` (1-based); for a region given by its lines
    /// ([`FrontendConfig::regions`]), its first line.
    pub scop_line: u32,
    /// The line of its `#pragma endscop`; for a region given by its lines, its last line.
    pub endscop_line: u32,
    /// Whether pragmas mark it (on the lines `scop_line` and `endscop_line`, around it), not
    /// lines given in [`FrontendConfig::regions`] (its own first and last lines).
    pub pragmas: bool,
    /// What it uses from outside, in the order a kernel takes them: scalars by value first
    /// (array sizes may read them), then arrays, then scalars through one-element arrays,
    /// then the kernel's locals.
    pub inputs: Vec<Input>,
    /// Why the region cannot be a kernel of its own, when it cannot.
    pub problem: Option<String>,
}

/// A variable a region uses from outside it, and how a kernel holding the region gets it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Input {
    /// Its name (the same inside the kernel).
    pub name: String,
    /// How it is passed.
    pub pass: Pass,
    /// For a member of a struct (`g.u`, `p->a`), which the kernel takes as a variable of its
    /// own named [`Input::name`] (`g__u`): the expression the caller passes, and that the
    /// region's text names it by. `None` for a variable.
    pub member: Option<String>,
    /// Whether it is an array object where the region stands (a global or local array, or an
    /// array member: not a pointer, not a parameter of the enclosing function), whose `sizeof`
    /// is its whole size ([`FrontendConfig::array_objects`]).
    pub object: bool,
}

/// How a variable reaches a kernel made of a region ([`Input`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pass {
    /// A scalar the region only reads, by value: the parameter's declaration (`int n`).
    Value(String),
    /// An array, as itself: the parameter's declaration (`double A[100][100]`, `double *B`).
    Array(String),
    /// An array declared at file scope, as itself: the parameter's declaration. C made of the
    /// kernel may refer to the object by its name instead of taking a parameter, so that the C
    /// compiler keeps knowing its extent, its alignment and that no other name reaches it.
    Global(String),
    /// A scalar the region writes and whose value may be read outside it (or that it may
    /// read before writing), of type `ty`: through a one-element array, copied in first when
    /// `copy_in`, always copied out after (named [`CELL_PREFIX`] and the scalar's name).
    InOut {
        /// Its type (`double`).
        ty: String,
        /// Whether the region may read the value it has before the region.
        copy_in: bool,
    },
    /// A scalar the region writes before any read and whose value nothing outside reads: a
    /// local of the kernel, of type `ty`.
    Local(String),
}

/// The start of the name of the one-element array a region's kernel takes a scalar by
/// ([`Pass::InOut`]): `optimist_io_x` for `x`. In the program as written the scalar is a
/// variable the C compiler keeps in a register; in the kernel, a parameter it cannot.
pub const CELL_PREFIX: &str = "optimist_io_";

/// The `#pragma scop` regions of C `text` (named `name`) inside its own function definitions,
/// in order, each with what it uses from outside and how a kernel made of it takes each
/// ([`Region`]); a region that cannot be a kernel says why in [`Region::problem`].
pub fn regions(
    name: &str,
    text: &str,
    include_dir: Option<&Path>,
    config: &FrontendConfig,
) -> Result<Vec<Region>, CError> {
    on_unit(
        name,
        text,
        include_dir,
        config,
        |name, lines, unit, pragmas| {
            if let Some(offset) = pragmas.unmatched {
                return Err(CError {
                    loc: lines.loc(offset),
                    message: "`#pragma scop` and `#pragma endscop` do not pair up".into(),
                });
            }
            let mut r = Resolver::new(pragmas);
            for ext in &unit.0 {
                if let ast::ExternalDeclaration::FunctionDefinition(def) = &ext.node
                    && let Some(name) = declarator_name(&def.node.declarator.node)
                {
                    r.helpers.insert(name, def);
                }
            }
            r.visit_translation_unit(unit);
            r.found.sort_by_key(|f| f.start);
            let mut out = Vec::new();
            for found in &r.found {
                let (first, last) = (lines.loc(found.start), lines.loc(found.stop));
                if first.file != name || last.file != name {
                    continue;
                }
                let mut at = None;
                let (inputs, problem) = match r.analyse(found, &mut at) {
                    Ok(inputs) => (inputs, None),
                    // A problem with a place names the user's line.
                    Err(why) => match at.map(|o| lines.loc(o)) {
                        Some(loc) if loc.file == name => {
                            (Vec::new(), Some(format!("{loc}: {why}")))
                        }
                        _ => (Vec::new(), Some(why)),
                    },
                };
                let given = pragmas.given_lines(found.start);
                let (scop_line, endscop_line) = given.unwrap_or((first.line, last.line));
                out.push(Region {
                    function: found.function.clone(),
                    scop_line,
                    endscop_line,
                    pragmas: given.is_none(),
                    inputs,
                    problem,
                });
            }
            Ok(out)
        },
    )
}

type DeclId = usize;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Role {
    Read,
    /// The target of a plain `=`.
    Write,
    /// `+=`, `++`, ...
    ReadWrite,
    /// `&x`.
    Address,
}

struct Decl {
    name: String,
    /// Declared as a parameter of a function.
    param: bool,
    global: bool,
    is_static: bool,
    /// The declaration's text range.
    start: usize,
    end: usize,
    /// The scalar type (`double`), from the specifiers without storage class.
    ty: String,
    /// The parameter declaration a kernel takes it as, or why it cannot.
    shape: Result<Shape, String>,
    /// The variables its array sizes read.
    dims: Vec<DeclId>,
}

enum Shape {
    Scalar,
    Array(String),
}

struct Occ {
    decl: DeclId,
    start: usize,
    role: Role,
    /// Made by a function of the file called at `start` (a global its body uses).
    via_call: bool,
}

/// A region found in a block, with the block's items inside it.
struct Found<'ast> {
    function: String,
    /// The offsets of its `#pragma scop` and `#pragma endscop` lines.
    start: usize,
    stop: usize,
    items: Vec<&'ast Node<BlockItem>>,
    /// Why its items could not be found at statement boundaries.
    problem: Option<String>,
    /// The enclosing function's text range.
    fn_end: usize,
}

/// A member of a struct type: its name, its element type, its declarator.
type Field<'ast> = (String, String, &'ast Node<ast::Declarator>);

pub(super) struct Resolver<'ast, 'p> {
    pub(super) source: &'p str,
    pub(super) pragmas: &'p Pragmas,
    pub(super) scopes: Vec<HashMap<String, DeclId>>,
    decls: Vec<Decl>,
    occs: Vec<Occ>,
    pub(super) by_offset: HashMap<usize, usize>,
    /// `for (x = ...; ...)` statements: the counter's declaration and the statement's range.
    pub(super) for_inits: Vec<(DeclId, usize, usize)>,
    /// Every block's items: their text range and, for an expression statement `x = e;`, where
    /// `x` stands.
    pub(super) blocks: Vec<Vec<(usize, usize, Option<usize>)>>,
    found: Vec<Found<'ast>>,
    pub(super) function: Option<(String, usize)>,
    /// While an array size is visited: the variables it reads.
    pub(super) dims: Option<Vec<DeclId>>,
    /// Names no declaration in scope names, as they are used.
    pub(super) undeclared: Vec<Undeclared>,
    /// How deep the walk is inside subscripts and loop headers (where values are integers).
    pub(super) integer_context: usize,
    /// The struct types whose definitions the walk has seen (`struct grid`, or a typedef's
    /// name), with their members: name, element type, declarator.
    structs: HashMap<String, Vec<Field<'ast>>>,
    /// The members of struct variables the regions use (`g.u`, `p->a`), each a declaration of
    /// its own: the variable's and the member's, with the expression that names it.
    members: Vec<(DeclId, String, DeclId, String)>,
    /// While a function's parameters are declared.
    declaring_params: bool,
    /// The functions defined in the file, by name: a call of one is walked as its body
    /// ([`Resolver::expand`]).
    pub(super) helpers: HashMap<String, &'ast Node<ast::FunctionDefinition>>,
    /// The called functions whose bodies are being walked, outermost first.
    expanding: Vec<String>,
    /// The scopes of the callers of [`Resolver::expanding`], outermost first.
    caller_scopes: Vec<Vec<HashMap<String, DeclId>>>,
    /// Where the outermost call being walked stands.
    call_site: usize,
    /// How many bodies have been walked for calls.
    walks: usize,
    /// Why a call (at the offset) cannot be inlined where it stands.
    call_problems: Vec<(usize, String)>,
    /// For each body walked for a call, its parameters that stand for a struct the call
    /// passes: the caller's variable, its name, and whether it is a pointer.
    aliases: Vec<HashMap<String, (DeclId, String, bool)>>,
}

/// A use of a name that nothing declares (in a file that is only statements).
pub(super) struct Undeclared {
    pub(super) name: String,
    /// How many subscripts it takes (0: a scalar).
    pub(super) rank: usize,
    pub(super) role: Role,
    /// Inside a subscript or a loop header.
    pub(super) integer: bool,
}

impl<'ast, 'p> Resolver<'ast, 'p> {
    pub(super) fn new(pragmas: &'p Pragmas) -> Self {
        Resolver {
            source: &pragmas.source,
            pragmas,
            scopes: vec![HashMap::new()],
            decls: Vec::new(),
            occs: Vec::new(),
            by_offset: HashMap::new(),
            for_inits: Vec::new(),
            blocks: Vec::new(),
            found: Vec::new(),
            function: None,
            dims: None,
            undeclared: Vec::new(),
            integer_context: 0,
            structs: HashMap::new(),
            members: Vec::new(),
            declaring_params: false,
            helpers: HashMap::new(),
            expanding: Vec::new(),
            caller_scopes: Vec::new(),
            call_site: 0,
            walks: 0,
            call_problems: Vec::new(),
            aliases: Vec::new(),
        }
    }

    /// Records the struct types `specifiers` define (`struct T { ... }`), under their tag and,
    /// for a typedef, under each name it declares.
    fn struct_types(
        &mut self,
        specifiers: &'ast [Node<DeclarationSpecifier>],
        typedef_names: &[String],
    ) {
        for sp in specifiers {
            let DeclarationSpecifier::TypeSpecifier(t) = &sp.node else {
                continue;
            };
            let ast::TypeSpecifier::Struct(st) = &t.node else {
                continue;
            };
            if st.node.kind.node != ast::StructKind::Struct {
                continue;
            }
            let Some(decls) = &st.node.declarations else {
                continue;
            };
            let mut fields = Vec::new();
            for d in decls {
                let ast::StructDeclaration::Field(f) = &d.node else {
                    continue;
                };
                let ty: Vec<&str> = f
                    .node
                    .specifiers
                    .iter()
                    .filter(|q| !matches!(q.node, ast::SpecifierQualifier::Extension(_)))
                    .map(|q| self.text(q.span))
                    .collect();
                let ty = ty.join(" ");
                for sd in &f.node.declarators {
                    if let (Some(d), None) = (&sd.node.declarator, &sd.node.bit_width)
                        && let Some(name) = declarator_name(&d.node)
                    {
                        fields.push((name, ty.clone(), d));
                    }
                }
            }
            let mut names: Vec<String> = typedef_names.to_vec();
            if let Some(tag) = &st.node.identifier {
                names.push(format!("struct {}", tag.node.name));
            }
            for n in names {
                self.structs.insert(n, fields.clone());
            }
        }
    }

    /// The member `field` of the struct variable `base` (through `->` when `arrow`), as a
    /// declaration of its own (made at its first use): `None` when `base` is no struct variable
    /// of a type whose definition was seen, the member is not a scalar or an array of scalars,
    /// or its name would be taken.
    fn member(&mut self, base: &str, arrow: bool, field: &str) -> Option<DeclId> {
        if !self.expanding.is_empty() {
            return self.member_in_call(base, field);
        }
        let b = self.lookup(base)?;
        self.member_of_decl(b, base, arrow, field)
    }

    /// A member used in the body of a function of the file walked for a call
    /// ([`Resolver::expand`]): of a struct the call passes (`step(&st)`, `step(p)`: the
    /// caller's variable's member), or of a global struct (the same object where it is called,
    /// unless a declaration of the caller hides it). `None` (and the call refused) for another.
    fn member_in_call(&mut self, base: &str, field: &str) -> Option<DeclId> {
        if let Some(&(b, ref name, arrow)) = self.aliases.last().and_then(|a| a.get(base)) {
            let name = name.clone();
            return self.member_of_decl(b, &name, arrow, field);
        }
        let helper = self.expanding[0].clone();
        let b = self.lookup(base).filter(|&b| self.decls[b].global);
        let at_call = self
            .caller_scopes
            .first()
            .and_then(|scopes| scopes.iter().rev().find_map(|s| s.get(base).copied()));
        match b {
            Some(b) if at_call == Some(b) => {
                let arrow = matches!(&self.decls[b].shape, Ok(Shape::Array(_)));
                self.member_of_decl(b, base, arrow, field)
            }
            _ => {
                self.call_problems.push((
                    self.call_site,
                    format!("`{helper}`, called here, uses the member `{field}` of `{base}`, which is neither a struct it is given (`&s` or a pointer) nor a global struct visible where it is called"),
                ));
                None
            }
        }
    }

    /// The member `field` of the struct variable `b`, named `base` where the region uses it.
    fn member_of_decl(
        &mut self,
        b: DeclId,
        base: &str,
        arrow: bool,
        field: &str,
    ) -> Option<DeclId> {
        if let Some(&(_, _, m, _)) = self
            .members
            .iter()
            .find(|(d, f, _, _)| *d == b && f == field)
        {
            return Some(m);
        }
        let bd = &self.decls[b];
        let pointer = matches!(&bd.shape, Ok(Shape::Array(t)) if t.trim_end_matches(base).trim_end().ends_with('*') && t.matches('*').count() == 1);
        let scalar = matches!(&bd.shape, Ok(Shape::Scalar));
        if (arrow && !pointer) || (!arrow && !scalar) {
            return None;
        }
        let ty: Vec<&str> = bd
            .ty
            .split_whitespace()
            .filter(|w| !matches!(*w, "const" | "static" | "volatile" | "register"))
            .collect();
        let fields = self.structs.get(&ty.join(" "))?;
        let (_, elem, d) = fields.iter().find(|(n, _, _)| n == field)?;
        let (mut elem, d) = (elem.clone(), *d);
        if elem
            .split_whitespace()
            .any(|w| w == "struct" || w == "union")
            || self.structs.contains_key(&elem)
        {
            return None;
        }
        // A member of a `const` struct is `const` (the call casts it to the kernel's type).
        if bd.ty.split_whitespace().any(|w| w == "const") && !elem.contains("const") {
            elem = format!("const {elem}");
        }
        let name = format!("{base}__{field}");
        if self.source.contains(&name) {
            return None;
        }
        let shape = self.shape(&name, &elem, &d.node).ok()?;
        let (global, is_static, start, end) = (bd.global, bd.is_static, bd.start, bd.end);
        let id = self.decls.len();
        self.decls.push(Decl {
            param: false,
            name,
            global: false,
            // Its value may be read outside the region, as a global's or a static's may.
            is_static: is_static || global || arrow,
            start,
            end,
            ty: elem,
            shape: Ok(shape),
            dims: Vec::new(),
        });
        let expr = format!("{base}{}{field}", if arrow { "->" } else { "." });
        self.members.push((b, field.to_string(), id, expr));
        Some(id)
    }

    /// The member expression `e` (`g.u`, `p->a`) as a declaration of its own, if it is one.
    fn member_of(&mut self, e: &'ast Node<Expression>) -> Option<DeclId> {
        let Expression::Member(m) = &e.node else {
            return None;
        };
        let Expression::Identifier(base) = &m.node.expression.node else {
            return None;
        };
        let arrow = m.node.operator.node == ast::MemberOperator::Indirect;
        self.member(&base.node.name, arrow, &m.node.identifier.node.name)
    }

    /// Whether the argument `a` is a struct variable's address (`&st`) or a pointer to a
    /// struct (`p`).
    fn passes_struct(&self, a: &Node<Expression>) -> bool {
        let Some((x, _)) = struct_argument(a) else {
            return false;
        };
        let Some(d) = self.lookup(x) else {
            return false;
        };
        let ty: Vec<&str> = self.decls[d]
            .ty
            .split_whitespace()
            .filter(|w| !matches!(*w, "const" | "static" | "volatile" | "register"))
            .collect();
        self.structs.contains_key(&ty.join(" "))
    }

    /// An occurrence of the member declaration `m` at `span` (at the call, for one in the body
    /// of a function walked for a call).
    fn occur_member(&mut self, m: DeclId, span: Span, role: Role) {
        if !self.expanding.is_empty() {
            self.occs.push(Occ {
                decl: m,
                start: self.call_site,
                role,
                via_call: true,
            });
            return;
        }
        self.by_offset.insert(span.start, self.occs.len());
        self.occs.push(Occ {
            decl: m,
            start: span.start,
            role,
            via_call: false,
        });
    }

    fn text(&self, span: Span) -> &'p str {
        self.source
            .get(span.start..span.end)
            .unwrap_or_default()
            .trim()
    }

    fn lookup(&self, name: &str) -> Option<DeclId> {
        self.scopes.iter().rev().find_map(|s| s.get(name).copied())
    }

    fn occur(&mut self, name: &str, span: Span, role: Role) {
        if !self.expanding.is_empty() {
            self.occur_in_call(name, role);
            return;
        }
        if self.lookup(name).is_none() {
            self.undeclared.push(Undeclared {
                name: name.to_string(),
                rank: 0,
                role,
                integer: self.integer_context > 0,
            });
        }
        if let Some(decl) = self.lookup(name) {
            if let Some(dims) = &mut self.dims {
                dims.push(decl);
            }
            self.by_offset.insert(span.start, self.occs.len());
            self.occs.push(Occ {
                decl,
                start: span.start,
                role,
                via_call: false,
            });
        }
    }

    /// A use of `name` inside the body of a function of the file called at
    /// [`Resolver::call_site`]: a global it names is used there, by the caller (it is the
    /// same object there, unless a declaration of the caller hides it); the function's own
    /// parameters and locals are the inlined body's.
    fn occur_in_call(&mut self, name: &str, role: Role) {
        let Some(decl) = self.lookup(name) else {
            return;
        };
        if !self.decls[decl].global {
            return;
        }
        let at_call = self
            .caller_scopes
            .first()
            .and_then(|scopes| scopes.iter().rev().find_map(|s| s.get(name).copied()));
        if at_call != Some(decl) {
            let helper = self.expanding[0].clone();
            self.call_problems.push((
                self.call_site,
                format!("`{helper}`, called here, uses the global `{name}`, which a declaration of the caller hides: rename one of them"),
            ));
            return;
        }
        self.occs.push(Occ {
            decl,
            start: self.call_site,
            role,
            via_call: true,
        });
    }

    /// Walks the body of `def`, a function of the file called at `span` by the code being
    /// walked, as if it stood there (its globals are used at the call; [`occur_in_call`]).
    /// The front end inlines such a call where the caller's region becomes a kernel.
    ///
    /// [`occur_in_call`]: Resolver::occur_in_call
    fn expand(
        &mut self,
        name: &str,
        def: &'ast Node<ast::FunctionDefinition>,
        args: &'ast [Node<Expression>],
        span: Span,
    ) {
        /// How deep calls are followed, and how many bodies are walked in all.
        const MAX_DEPTH: usize = 16;
        const MAX_WALKS: usize = 4096;
        if self.expanding.iter().any(|n| n == name) || self.expanding.len() >= MAX_DEPTH {
            return;
        }
        if self.expanding.is_empty() {
            self.call_site = span.start;
        }
        self.walks += 1;
        if self.walks > MAX_WALKS {
            self.call_problems.push((
                self.call_site,
                format!("the calls of the file's functions here are too many to follow (more than {MAX_WALKS} in the file)"),
            ));
            return;
        }
        // The structs the call passes (`&st`, `p`): the parameters that stand for them.
        let mut aliases = HashMap::new();
        let params = def
            .node
            .declarator
            .node
            .derived
            .iter()
            .find_map(|dd| match &dd.node {
                DerivedDeclarator::Function(f) => Some(&f.node.parameters),
                _ => None,
            });
        for (p, a) in params.into_iter().flatten().zip(args) {
            let Some((x, arrow)) = struct_argument(a) else {
                continue;
            };
            let Some(pname) = p
                .node
                .declarator
                .as_ref()
                .and_then(|d| declarator_name(&d.node))
            else {
                continue;
            };
            // A parameter passed on keeps what it stands for.
            let target = match self.aliases.last().and_then(|m| m.get(x)) {
                Some(t) if !self.expanding.is_empty() => Some(t.clone()),
                _ => self.lookup(x).map(|d| (d, x.clone(), arrow)),
            };
            if let Some(t) = target {
                aliases.insert(pname, t);
            }
        }
        self.aliases.push(aliases);
        let file = self.scopes.first().cloned().unwrap_or_default();
        let caller = std::mem::replace(&mut self.scopes, vec![file, HashMap::new()]);
        self.caller_scopes.push(caller);
        self.expanding.push(name.to_string());
        for dd in &def.node.declarator.node.derived {
            if let DerivedDeclarator::Function(f) = &dd.node {
                for p in &f.node.parameters {
                    if let Some(d) = &p.node.declarator {
                        self.declare(&p.node.specifiers, d, None, p.span);
                    }
                }
            }
        }
        self.visit_statement(&def.node.statement.node, &def.node.statement.span);
        self.expanding.pop();
        self.aliases.pop();
        if let Some(caller) = self.caller_scopes.pop() {
            self.scopes = caller;
        }
    }

    /// Declares every variable of a declaration (or parameter), visiting its sizes and
    /// initializers as reads.
    fn declare(
        &mut self,
        specifiers: &'ast [Node<DeclarationSpecifier>],
        declarator: &'ast Node<ast::Declarator>,
        initializer: Option<&'ast Node<ast::Initializer>>,
        range: Span,
    ) {
        let d = &declarator.node;
        if d.derived.iter().any(|dd| {
            matches!(
                dd.node,
                DerivedDeclarator::Function(_) | DerivedDeclarator::KRFunction(_)
            )
        }) {
            return;
        }
        let Some(name) = declarator_name(d) else {
            return;
        };
        self.dims = Some(Vec::new());
        self.visit_declarator(&declarator.node, &declarator.span);
        let dims = self.dims.take().unwrap_or_default();
        if let Some(init) = initializer {
            self.visit_initializer(&init.node, &init.span);
        }
        let mut is_static = false;
        let mut ty = Vec::new();
        let mut problem = None;
        for s in specifiers {
            match &s.node {
                DeclarationSpecifier::StorageClass(c) => {
                    is_static |= c.node == ast::StorageClassSpecifier::Static
                }
                DeclarationSpecifier::Function(_) | DeclarationSpecifier::Alignment(_) => {}
                DeclarationSpecifier::TypeQualifier(q)
                    if q.node == ast::TypeQualifier::Volatile =>
                {
                    problem = Some(format!("`{name}` is `volatile`"));
                }
                _ => ty.push(self.text(s.span)),
            }
        }
        let ty = ty.join(" ");
        let shape = match problem {
            Some(p) => Err(p),
            None => self.shape(&name, &ty, d),
        };
        let id = self.decls.len();
        self.decls.push(Decl {
            param: self.declaring_params,
            name: name.clone(),
            global: self.scopes.len() == 1,
            is_static,
            start: range.start,
            end: range.end,
            ty,
            shape,
            dims,
        });
        if let Some(scope) = self.scopes.last_mut() {
            scope.insert(name, id);
        }
    }

    /// How a kernel takes the variable declared by `d`.
    fn shape(&self, name: &str, ty: &str, d: &ast::Declarator) -> Result<Shape, String> {
        let unsupported = || format!("`{name}` is neither a scalar nor an array of scalars");
        let sizes = |derived: &[Node<DerivedDeclarator>]| -> Result<String, String> {
            let mut out = String::new();
            for dd in derived {
                let DerivedDeclarator::Array(a) = &dd.node else {
                    return Err(unsupported());
                };
                match &a.node.size {
                    ast::ArraySize::Unknown if out.is_empty() => out.push_str("[]"),
                    ast::ArraySize::VariableExpression(e) | ast::ArraySize::StaticExpression(e) => {
                        out.push_str(&format!("[{}]", self.text(e.span)))
                    }
                    _ => return Err(format!("`{name}` has a dimension of unknown size")),
                }
            }
            Ok(out)
        };
        match &d.kind.node {
            ast::DeclaratorKind::Identifier(_) => match d.derived.as_slice() {
                [] => Ok(Shape::Scalar),
                [p] if matches!(p.node, DerivedDeclarator::Pointer(_)) => {
                    Ok(Shape::Array(format!("{ty} *{name}")))
                }
                derived => Ok(Shape::Array(format!("{ty} {name}{}", sizes(derived)?))),
            },
            // `double (*A)[N]`: a pointer to rows, passed as `double A[][N]`.
            ast::DeclaratorKind::Declarator(inner)
                if matches!(inner.node.kind.node, ast::DeclaratorKind::Identifier(_))
                    && matches!(inner.node.derived.as_slice(), [p] if matches!(p.node, DerivedDeclarator::Pointer(_)))
                    && !d.derived.is_empty() =>
            {
                Ok(Shape::Array(format!("{ty} {name}[]{}", sizes(&d.derived)?)))
            }
            _ => Err(unsupported()),
        }
    }

    /// What region `f` uses from outside, and how each is passed.
    /// What region `f` uses from outside and how a kernel takes each, or why it cannot be a
    /// kernel; `at` is set to where the problem stands, for a problem that has a place.
    fn analyse(&self, f: &Found<'ast>, at: &mut Option<usize>) -> Result<Vec<Input>, String> {
        if let Some(p) = &f.problem {
            return Err(p.clone());
        }
        let inside = |at: usize| at > f.start && at < f.stop;
        if let Some((_, why)) = self.call_problems.iter().find(|(at, _)| inside(*at)) {
            return Err(why.clone());
        }
        let mut free: Vec<DeclId> = Vec::new();
        let mut written: HashSet<DeclId> = HashSet::new();
        for o in &self.occs {
            let d = &self.decls[o.decl];
            if !inside(o.start) || inside(d.start) {
                continue;
            }
            if !free.contains(&o.decl) {
                free.push(o.decl);
            }
            if o.role != Role::Read {
                written.insert(o.decl);
            }
        }
        // A declaration at the region's top level is gone after it: nothing may use it there.
        for o in &self.occs {
            let d = &self.decls[o.decl];
            if inside(d.start) && !inside(o.start) && o.start > f.stop && o.start < f.fn_end {
                *at = Some(d.start);
                return Err(format!(
                    "`{}` is declared in the region and used after it: declare it before the region (its `#pragma scop`, or the loop nest found)",
                    d.name
                ));
            }
        }
        // Sizes of arrays read their variables.
        let mut k = 0;
        while k < free.len() {
            for &v in &self.decls[free[k]].dims {
                if !free.contains(&v) {
                    free.push(v);
                }
            }
            k += 1;
        }
        let mut assigned = Assigned {
            r: self,
            read_first: HashSet::new(),
        };
        let mut defined = HashSet::new();
        for item in &f.items {
            assigned.item(item, &mut defined);
        }
        let mut read_first = assigned.read_first;
        // What a called function's body reads may be read before the region assigns it.
        read_first.extend(
            self.occs
                .iter()
                .filter(|o| o.via_call && o.role != Role::Write && inside(o.start))
                .map(|o| o.decl),
        );
        let (mut values, mut arrays, mut inouts, mut locals) =
            (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        for &v in &free {
            let d = &self.decls[v];
            let shape = d.shape.as_ref().map_err(Clone::clone)?;
            let member = self
                .members
                .iter()
                .find(|&&(_, _, m, _)| m == v)
                .map(|(_, _, _, e)| e.clone());
            let object = matches!(shape, Shape::Array(t) if !d.param && !t.contains('*') && !t.contains("[]"));
            let input = |pass| Input {
                name: d.name.clone(),
                pass,
                member: member.clone(),
                object,
            };
            match shape {
                Shape::Array(param) => {
                    if written.contains(&v) {
                        return Err(format!(
                            "the region assigns the array `{}` itself (not an element)",
                            d.name
                        ));
                    }
                    for &s in &d.dims {
                        let size = &self.decls[s];
                        if written.contains(&s) {
                            return Err(format!(
                                "the region writes `{}`, which sizes `{}`",
                                size.name, d.name
                            ));
                        }
                        let later = self.occs.iter().any(|o| {
                            o.decl == s
                                && o.role != Role::Read
                                && o.start > d.end
                                && o.start < f.fn_end
                        });
                        if later {
                            return Err(format!(
                                "`{}`, which sizes `{}`, is assigned after `{}` is declared",
                                size.name, d.name, d.name
                            ));
                        }
                    }
                    arrays.push(input(if d.global {
                        Pass::Global(param.clone())
                    } else {
                        Pass::Array(param.clone())
                    }));
                }
                Shape::Scalar if !written.contains(&v) => {
                    values.push(input(Pass::Value(format!("{} {}", d.ty, d.name))));
                }
                Shape::Scalar => {
                    let read_outside = d.global
                        || d.is_static
                        || self.occs.iter().any(|o| {
                            o.decl == v
                                && !inside(o.start)
                                && o.role != Role::Write
                                && !self.assigned_before(v, o.start, f)
                        });
                    let reads_first = read_first.contains(&v);
                    if !read_outside && !reads_first {
                        locals.push(input(Pass::Local(d.ty.clone())));
                    } else {
                        inouts.push(input(Pass::InOut {
                            ty: d.ty.clone(),
                            copy_in: reads_first || !defined.contains(&v),
                        }));
                    }
                }
            }
        }
        values.extend(arrays);
        values.extend(inouts);
        values.extend(locals);
        Ok(values)
    }
}

impl<'ast, 'p> Resolver<'ast, 'p> {
    /// Whether every path from region `f` to the read of `v` at `at` assigns `v` first (with
    /// `=`), so that the read cannot see what the region left: a `for` statement starting with
    /// `v = ...` holds the read and not the region, or an expression statement `v = ...;`
    /// stands in the read's block (or one around it) before the item holding the read, and
    /// the region is in neither of them nor in an item between.
    fn assigned_before(&self, v: DeclId, at: usize, f: &Found<'ast>) -> bool {
        let holds_region = |s: usize, e: usize| s < f.start && f.stop < e;
        if self
            .for_inits
            .iter()
            .any(|&(c, s, e)| c == v && s <= at && at < e && !holds_region(s, e))
        {
            return true;
        }
        self.blocks.iter().any(|items| {
            let Some(r) = items.iter().position(|&(s, e, _)| s <= at && at <= e) else {
                return false;
            };
            items[..r]
                .iter()
                .enumerate()
                .rev()
                .any(|(w, &(_, _, target))| {
                    let assigns = target
                        .and_then(|t| self.by_offset.get(&t))
                        .is_some_and(|&o| self.occs[o].decl == v);
                    assigns
                        && !items[w..=r]
                            .iter()
                            .any(|&(s, e, _)| holds_region(s, e) || (s > f.start && s < f.stop))
                })
        })
    }
}

impl<'ast, 'p> Visit<'ast> for Resolver<'ast, 'p> {
    fn visit_declaration(&mut self, declaration: &'ast ast::Declaration, span: &'ast Span) {
        let typedef = declaration.specifiers.iter().any(|s| {
            matches!(&s.node, DeclarationSpecifier::StorageClass(c) if c.node == ast::StorageClassSpecifier::Typedef)
        });
        let names: Vec<String> = if typedef {
            declaration
                .declarators
                .iter()
                .filter(|i| i.node.declarator.node.derived.is_empty())
                .filter_map(|i| declarator_name(&i.node.declarator.node))
                .collect()
        } else {
            Vec::new()
        };
        self.struct_types(&declaration.specifiers, &names);
        if typedef {
            return;
        }
        for init in &declaration.declarators {
            self.declare(
                &declaration.specifiers,
                &init.node.declarator,
                init.node.initializer.as_ref(),
                *span,
            );
        }
    }

    fn visit_function_definition(&mut self, def: &'ast ast::FunctionDefinition, span: &'ast Span) {
        let name = declarator_name(&def.declarator.node).unwrap_or_default();
        self.function = Some((name, span.end));
        self.scopes.push(HashMap::new());
        for dd in &def.declarator.node.derived {
            if let DerivedDeclarator::Function(f) = &dd.node {
                self.declaring_params = true;
                for p in &f.node.parameters {
                    if let Some(d) = &p.node.declarator {
                        self.declare(&p.node.specifiers, d, None, p.span);
                    }
                }
                self.declaring_params = false;
            }
        }
        self.visit_statement(&def.statement.node, &def.statement.span);
        self.scopes.pop();
        for &(start, stop) in &self.pragmas.scops {
            if start > span.start && stop < span.end && !self.found.iter().any(|f| f.start == start)
            {
                let function = self.function.clone().map(|f| f.0).unwrap_or_default();
                self.found.push(Found {
                    function,
                    start,
                    stop,
                    items: Vec::new(),
                    problem: Some(
                        "the region must be a sequence of whole statements of one block".into(),
                    ),
                    fn_end: span.end,
                });
            }
        }
        self.function = None;
    }

    fn visit_statement(&mut self, statement: &'ast Statement, span: &'ast Span) {
        match statement {
            Statement::Compound(items) if !self.expanding.is_empty() => {
                self.scopes.push(HashMap::new());
                visit::visit_statement(self, statement, span);
                self.scopes.pop();
            }
            Statement::Compound(items) => {
                self.find_regions(items, *span);
                let block = items
                    .iter()
                    .map(|i| {
                        let target = match &i.node {
                            BlockItem::Statement(st) => match &st.node {
                                Statement::Expression(Some(e)) => match &e.node {
                                    Expression::BinaryOperator(b)
                                        if b.node.operator.node == ast::BinaryOperator::Assign =>
                                    {
                                        match &b.node.lhs.node {
                                            Expression::Identifier(_) => {
                                                Some(b.node.lhs.span.start)
                                            }
                                            _ => None,
                                        }
                                    }
                                    _ => None,
                                },
                                _ => None,
                            },
                            _ => None,
                        };
                        (i.span.start, self.pragmas.text_end(i.span), target)
                    })
                    .collect();
                self.blocks.push(block);
                self.scopes.push(HashMap::new());
                visit::visit_statement(self, statement, span);
                self.scopes.pop();
            }
            Statement::For(f) => {
                self.scopes.push(HashMap::new());
                if let ast::ForInitializer::Expression(e) = &f.node.initializer.node
                    && let Expression::BinaryOperator(b) = &e.node
                    && b.node.operator.node == ast::BinaryOperator::Assign
                    && let Expression::Identifier(id) = &b.node.lhs.node
                    && let Some(decl) = self.lookup(&id.node.name)
                    && self.expanding.is_empty()
                {
                    self.for_inits.push((decl, span.start, span.end));
                }
                let f = &f.node;
                self.integer_context += 1;
                self.visit_for_initializer(&f.initializer.node, &f.initializer.span);
                for e in [&f.condition, &f.step].into_iter().flatten() {
                    self.visit_expression(&e.node, &e.span);
                }
                self.integer_context -= 1;
                self.visit_statement(&f.statement.node, &f.statement.span);
                self.scopes.pop();
            }
            _ => visit::visit_statement(self, statement, span),
        }
    }

    fn visit_expression(&mut self, expression: &'ast Expression, span: &'ast Span) {
        use ast::BinaryOperator as B;
        use ast::UnaryOperator as U;
        let ident = |e: &'ast Node<Expression>| match &e.node {
            Expression::Identifier(id) => Some((id.node.name.as_str(), e.span)),
            _ => None,
        };
        match expression {
            Expression::Identifier(id) => self.occur(&id.node.name, *span, Role::Read),
            Expression::Member(m)
                if matches!(m.node.expression.node, Expression::Identifier(_)) =>
            {
                let Expression::Identifier(base) = &m.node.expression.node else {
                    return;
                };
                let arrow = m.node.operator.node == ast::MemberOperator::Indirect;
                match self.member(&base.node.name, arrow, &m.node.identifier.node.name) {
                    Some(d) => self.occur_member(d, *span, Role::Read),
                    None => visit::visit_expression(self, expression, span),
                }
            }
            Expression::BinaryOperator(b) if b.node.operator.node == B::Index => {
                // `A[i][j]`: the base and its subscripts, in integer context.
                let mut base: &Node<Expression> = &b.node.lhs;
                let mut subscripts = vec![&b.node.rhs];
                while let Expression::BinaryOperator(inner) = &base.node
                    && inner.node.operator.node == B::Index
                {
                    subscripts.push(&inner.node.rhs);
                    base = &*inner.node.lhs;
                }
                match &base.node {
                    Expression::Identifier(id) if self.lookup(&id.node.name).is_none() => {
                        self.undeclared.push(Undeclared {
                            name: id.node.name.clone(),
                            rank: subscripts.len(),
                            role: Role::Read,
                            integer: self.integer_context > 0,
                        })
                    }
                    _ => self.visit_expression(&base.node, &base.span),
                }
                self.integer_context += 1;
                for e in subscripts {
                    self.visit_expression(&e.node, &e.span);
                }
                self.integer_context -= 1;
            }
            Expression::BinaryOperator(b) if is_assignment(&b.node.operator.node) => {
                self.visit_expression(&b.node.rhs.node, &b.node.rhs.span);
                let role = if b.node.operator.node == B::Assign {
                    Role::Write
                } else {
                    Role::ReadWrite
                };
                match ident(&b.node.lhs) {
                    Some((name, at)) => self.occur(name, at, role),
                    None => match self.member_of(&b.node.lhs) {
                        Some(m) => self.occur_member(m, b.node.lhs.span, role),
                        None => self.visit_expression(&b.node.lhs.node, &b.node.lhs.span),
                    },
                }
            }
            Expression::UnaryOperator(u) => {
                let role = match u.node.operator.node {
                    U::PostIncrement | U::PostDecrement | U::PreIncrement | U::PreDecrement => {
                        Some(Role::ReadWrite)
                    }
                    U::Address => Some(Role::Address),
                    _ => None,
                };
                match (role, ident(&u.node.operand)) {
                    (Some(role), Some((name, at))) => self.occur(name, at, role),
                    (Some(role), None) => match self.member_of(&u.node.operand) {
                        Some(m) => self.occur_member(m, u.node.operand.span, role),
                        None => visit::visit_expression(self, expression, span),
                    },
                    _ => visit::visit_expression(self, expression, span),
                }
            }
            Expression::Call(c) => {
                // The callee is a function, not a variable (unless it is a pointer: then it
                // is read).
                if ident(&c.node.callee).is_none() {
                    self.visit_expression(&c.node.callee.node, &c.node.callee.span);
                }
                let helper = ident(&c.node.callee)
                    .filter(|_| self.function.is_some())
                    .filter(|(callee, _)| self.lookup(callee).is_none())
                    .and_then(|(callee, _)| Some((callee, self.helpers.get(callee).copied()?)));
                for a in &c.node.arguments {
                    // A struct passed to a function of the file (`step(&st)`, `step(p)`) is not
                    // used itself: the members the body uses are.
                    if helper.is_some() && self.passes_struct(a) {
                        continue;
                    }
                    self.visit_expression(&a.node, &a.span);
                }
                if let Some((callee, def)) = helper {
                    self.expand(callee, def, &c.node.arguments, *span);
                }
            }
            _ => visit::visit_expression(self, expression, span),
        }
    }
}

/// The variable an argument that may pass a struct names, and whether it is a pointer: `&x`
/// (`x`, not one) or `x` (one).
pub(super) fn struct_argument(a: &Node<Expression>) -> Option<(&String, bool)> {
    match &a.node {
        Expression::UnaryOperator(u) if u.node.operator.node == ast::UnaryOperator::Address => {
            match &u.node.operand.node {
                Expression::Identifier(x) => Some((&x.node.name, false)),
                _ => None,
            }
        }
        Expression::Identifier(x) => Some((&x.node.name, true)),
        _ => None,
    }
}

impl<'ast, 'p> Resolver<'ast, 'p> {
    /// Records the regions whose pragmas stand directly in the block `items` (of range
    /// `span`).
    fn find_regions(&mut self, items: &'ast [Node<BlockItem>], span: Span) {
        let Some((function, fn_end)) = self.function.clone() else {
            return;
        };
        for &(start, stop) in &self.pragmas.scops {
            if start <= span.start || stop >= span.end {
                continue;
            }
            // Innermost block: no item of this one holds the pragmas.
            let nested = items.iter().any(|i| {
                i.span.start < start
                    && self.pragmas.text_end(i.span) > stop
                    && matches!(&i.node, BlockItem::Statement(_))
            });
            if nested {
                continue;
            }
            let mut found = Found {
                function: function.clone(),
                start,
                stop,
                items: Vec::new(),
                problem: None,
                fn_end,
            };
            for item in items {
                let end = self.pragmas.text_end(item.span);
                if item.span.start > start && end <= stop {
                    found.items.push(item);
                } else if !(end <= start || item.span.start > stop) {
                    found.problem =
                        Some("the region must start and end at statement boundaries".to_string());
                }
            }
            self.found.push(found);
        }
    }
}

/// The must-be-assigned walk over a region: which variables it may read before it assigns
/// them.
struct Assigned<'r, 'ast, 'p> {
    r: &'r Resolver<'ast, 'p>,
    read_first: HashSet<DeclId>,
}

impl<'r, 'ast, 'p> Assigned<'r, 'ast, 'p> {
    fn item(&mut self, item: &Node<BlockItem>, defined: &mut HashSet<DeclId>) {
        match &item.node {
            BlockItem::Statement(s) => self.stmt(s, defined),
            BlockItem::Declaration(d) => {
                self.reads_in(|v| v.visit_declaration(&d.node, &d.span), defined)
            }
            BlockItem::StaticAssert(_) => {}
        }
    }

    fn stmt(&mut self, s: &Node<Statement>, defined: &mut HashSet<DeclId>) {
        match &s.node {
            Statement::Compound(items) => {
                for i in items {
                    self.item(i, defined);
                }
            }
            Statement::Expression(Some(e)) => self.expr_stmt(e, defined),
            Statement::Expression(None) => {}
            Statement::For(f) => {
                match &f.node.initializer.node {
                    ast::ForInitializer::Expression(e) => self.expr_stmt(e, defined),
                    ast::ForInitializer::Declaration(d) => {
                        self.reads_in(|v| v.visit_declaration(&d.node, &d.span), defined)
                    }
                    _ => {}
                }
                let mut inner = defined.clone();
                if let Some(c) = &f.node.condition {
                    self.reads(c, &inner);
                }
                self.stmt(&f.node.statement, &mut inner);
                if let Some(step) = &f.node.step {
                    self.expr_stmt(step, &mut inner);
                }
            }
            Statement::If(i) => {
                self.reads(&i.node.condition, defined);
                let mut then = defined.clone();
                self.stmt(&i.node.then_statement, &mut then);
                if let Some(e) = &i.node.else_statement {
                    let mut other = defined.clone();
                    self.stmt(e, &mut other);
                    defined.extend(then.intersection(&other).copied().collect::<Vec<_>>());
                }
            }
            Statement::DoWhile(d) => {
                self.stmt(&d.node.statement, defined);
                self.reads(&d.node.expression, defined);
            }
            Statement::While(w) => {
                self.reads(&w.node.expression, defined);
                let mut inner = defined.clone();
                self.stmt(&w.node.statement, &mut inner);
            }
            _ => self.reads_in(|v| v.visit_statement(&s.node, &s.span), defined),
        }
    }

    fn expr_stmt(&mut self, e: &Node<Expression>, defined: &mut HashSet<DeclId>) {
        match &e.node {
            Expression::BinaryOperator(b)
                if b.node.operator.node == ast::BinaryOperator::Assign =>
            {
                self.reads(&b.node.rhs, defined);
                match &b.node.lhs.node {
                    Expression::Identifier(_) => {
                        if let Some(&o) = self.r.by_offset.get(&b.node.lhs.span.start) {
                            defined.insert(self.r.occs[o].decl);
                        }
                    }
                    _ => self.reads(&b.node.lhs, defined),
                }
            }
            Expression::Comma(es) => {
                for e in es.iter() {
                    self.expr_stmt(e, defined);
                }
            }
            _ => self.reads(e, defined),
        }
    }

    fn reads(&mut self, e: &Node<Expression>, defined: &HashSet<DeclId>) {
        self.reads_in(|v| v.visit_expression(&e.node, &e.span), defined);
    }

    /// Every variable occurring in what `walk` visits counts as read.
    fn reads_in(&mut self, walk: impl FnOnce(&mut Idents), defined: &HashSet<DeclId>) {
        let mut ids = Idents(Vec::new());
        walk(&mut ids);
        for at in ids.0 {
            if let Some(&o) = self.r.by_offset.get(&at) {
                let d = self.r.occs[o].decl;
                if !defined.contains(&d) {
                    self.read_first.insert(d);
                }
            }
        }
    }
}

/// The offsets of the identifiers in an expression.
struct Idents(Vec<usize>);

impl<'ast> Visit<'ast> for Idents {
    fn visit_expression(&mut self, expression: &'ast Expression, span: &'ast Span) {
        if let Expression::Identifier(_) = expression {
            self.0.push(span.start);
        }
        visit::visit_expression(self, expression, span);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn passes(src: &str) -> Vec<Region> {
        regions("t.c", src, None, &FrontendConfig::default()).unwrap()
    }

    fn input(name: &str, pass: Pass) -> Input {
        // A global array is an object; the tests name a local one with `object_input`.
        let object = matches!(&pass, Pass::Global(t) if !t.contains('*') && !t.contains("[]"));
        Input {
            name: name.into(),
            pass,
            member: None,
            object,
        }
    }

    #[test]
    fn globals_enclosing_locals_and_what_is_live_after() {
        let src = "double A[64], total;\nint main(int argc, char **argv) {\n  int i, n = 64;\n  double s = 0;\n#pragma scop\n  for (i = 0; i < n; i++)\n    s += A[i];\n  total = s;\n#pragma endscop\n  for (i = 0; i < n; i++)\n    A[i] = s;\n  return 0;\n}\n";
        let r = passes(src);
        assert_eq!(r.len(), 1);
        assert_eq!(
            (r[0].function.as_str(), r[0].scop_line, r[0].endscop_line),
            ("main", 5, 9)
        );
        assert_eq!(r[0].problem, None);
        assert_eq!(
            r[0].inputs,
            [
                input("n", Pass::Value("int n".into())),
                input("A", Pass::Global("double A[64]".into())),
                input(
                    "s",
                    Pass::InOut {
                        ty: "double".into(),
                        copy_in: true
                    }
                ),
                input(
                    "total",
                    Pass::InOut {
                        ty: "double".into(),
                        copy_in: false
                    }
                ),
                input("i", Pass::Local("int".into())),
            ]
        );
    }

    #[test]
    fn members_of_structs_are_variables_of_their_own() {
        let src = "struct grid { int n; double u[8][8]; double *w; struct grid *next; };\ntypedef struct { double dt; double a[16]; } state;\nstatic struct grid g;\nvoid f(state *s, const struct grid *h) {\n  int i;\n#pragma scop\n  for (i = 0; i < g.n; i++)\n    s->a[i] = g.u[i][0] * s->dt + h->w[i];\n  g.n = 0;\n#pragma endscop\n}\n";
        let r = passes(src);
        assert_eq!(r[0].problem, None);
        let got: Vec<(&str, &Pass, Option<&str>)> = r[0]
            .inputs
            .iter()
            .map(|i| (i.name.as_str(), &i.pass, i.member.as_deref()))
            .collect();
        assert_eq!(
            got,
            [
                ("s__dt", &Pass::Value("double s__dt".into()), Some("s->dt")),
                (
                    "g__u",
                    &Pass::Array("double g__u[8][8]".into()),
                    Some("g.u")
                ),
                (
                    "h__w",
                    &Pass::Array("const double *h__w".into()),
                    Some("h->w")
                ),
                ("s__a", &Pass::Array("double s__a[16]".into()), Some("s->a")),
                (
                    "g__n",
                    &Pass::InOut {
                        ty: "int".into(),
                        copy_in: true
                    },
                    Some("g.n")
                ),
                ("i", &Pass::Local("int".into()), None),
            ]
        );
        // A member that is itself a struct is not a variable: the struct is refused where the
        // kernel is read.
        let src = "struct node { double v; struct node *next; };\nvoid f(struct node *p, double *x) {\n#pragma scop\n  x[0] = p->next->v;\n#pragma endscop\n}\n";
        let r = passes(src);
        assert!(
            r[0].inputs.iter().all(|i| i.member.is_none()),
            "{:?}",
            r[0].inputs
        );
    }

    #[test]
    fn a_counter_read_after_the_region_travels_out() {
        let src = "void f(int n, double *x) {\n  int i;\n#pragma scop\n  for (i = 0; i < n; i++)\n    x[i] = 0;\n#pragma endscop\n  x[0] = i;\n}\n";
        let r = passes(src);
        assert_eq!(
            r[0].inputs[2],
            input(
                "i",
                Pass::InOut {
                    ty: "int".into(),
                    copy_in: false
                }
            )
        );
        // Assigned again before the read: the region's value is dead.
        let src = src.replace("  x[0] = i;", "  i = 3;\n  x[0] = i;");
        assert_eq!(
            passes(&src)[0].inputs[2],
            input("i", Pass::Local("int".into()))
        );
    }

    #[test]
    fn a_region_in_a_loop_keeps_what_it_reads_first() {
        // The next run of the region reads what the last one left in `c`.
        let src = "int main(void) {\n  static float v[10];\n  float c = 1;\n  for (int t = 0; t < 3; t++) {\n#pragma scop\n    for (int i = 0; i < 10; i++) {\n      v[i] += c;\n      c = c * 2;\n    }\n#pragma endscop\n  }\n  return 0;\n}\n";
        let r = passes(src);
        assert_eq!(
            r[0].inputs,
            [
                // A local array: an object, whose `sizeof` the kernel knows.
                Input {
                    object: true,
                    ..input("v", Pass::Array("float v[10]".into()))
                },
                input(
                    "c",
                    Pass::InOut {
                        ty: "float".into(),
                        copy_in: true
                    }
                ),
            ]
        );
    }

    #[test]
    fn rows_of_run_time_length_pass_their_length() {
        let src = "#include <stdlib.h>\nint main(int argc, char **argv) {\n  int m = argc + 3;\n  double (*A)[m] = malloc(sizeof(double) * 4 * m);\n#pragma scop\n  for (int i = 0; i < 4; i++)\n    for (int j = 0; j < m; j++)\n      A[i][j] = i + j;\n#pragma endscop\n  free(A);\n  return 0;\n}\n";
        let r = passes(src);
        assert_eq!(
            r[0].inputs,
            [
                input("m", Pass::Value("int m".into())),
                input("A", Pass::Array("double A[][m]".into())),
            ]
        );
        // A length assigned after the array is declared: the shape at the call is not known.
        let src = src.replace("#pragma scop\n", "  m = 2;\n#pragma scop\n");
        assert!(
            passes(&src)[0]
                .problem
                .as_deref()
                .unwrap()
                .contains("`m`, which sizes `A`")
        );
    }

    #[test]
    fn a_file_of_statements_is_a_function_of_its_free_variables() {
        let src = "for (i = 0; i < n; i++) {\n  s = 0;\n  for (j = 0; j < m; j++)\n    s += alpha * A[i][idx[j]];\n  y[i] = s;\n}\n";
        let st = statements("dir/row-sums.c", src, None, &FrontendConfig::default()).unwrap();
        assert_eq!(st.function, "row_sums");
        let sig = st.source.lines().next().unwrap();
        assert_eq!(
            sig,
            "void row_sums(int n, int m, double alpha, int A_dim1, double A[][A_dim1], int idx[], double y[]) {"
        );
        assert!(
            st.source
                .contains("  int i;\n  double s = 0;\n  int j;\n#line 1 \"dir/row-sums.c\"\n"),
            "{}",
            st.source
        );
        let e = statements(
            "x.c",
            "a = b[1];\nb = 2;\n",
            None,
            &FrontendConfig::default(),
        )
        .unwrap_err();
        assert!(
            e.message
                .contains("`b` is used both with and without subscripts"),
            "{e}"
        );
        let e =
            statements("x.c", "void f(void) {}\n", None, &FrontendConfig::default()).unwrap_err();
        assert!(
            e.message.contains("not only statements") || e.message.contains("syntax"),
            "{e}"
        );
    }

    #[test]
    fn problems_are_named() {
        let src = "int g;\nvoid f(void) {\n#pragma scop\n  int x = 1;\n  g = x;\n#pragma endscop\n  g = x + 1;\n}\n";
        let p = passes(src)[0].problem.clone().unwrap();
        assert!(
            p.contains("`x` is declared in the region and used after it"),
            "{p}"
        );
        let src =
            "volatile int v;\nvoid f(int *p) {\n#pragma scop\n  p[0] = v;\n#pragma endscop\n}\n";
        let p = passes(src)[0].problem.clone().unwrap();
        assert!(p.contains("`v` is `volatile`"), "{p}");
        let src =
            "void f(int n, int *p) {\n  if (n)\n#pragma scop\n    p[0] = 1;\n#pragma endscop\n}\n";
        let p = passes(src)[0].problem.clone().unwrap();
        assert!(p.contains("statement boundaries"), "{p}");
    }
}

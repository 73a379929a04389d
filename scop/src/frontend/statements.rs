//! A file of statements alone (a region's, its variables undeclared), read as a function of
//! its free variables ([`statements`]).

use super::regions::{Resolver, Role, Undeclared};
use super::*;
use lang_c::visit::Visit;

/// A file that is only statements (a region's, its variables undeclared), read as a function
/// of its free variables ([`statements`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Statements {
    /// The function's name (from the file's, made an identifier).
    pub function: String,
    /// Its parameters, in order.
    pub params: Vec<StatementsParam>,
    /// The C source of the function: the file's statements under its signature (a `#line`
    /// marker keeps the user's line numbers), with the scalars they assign declared first.
    pub source: String,
}

/// A parameter of the function a file of statements is read as ([`Statements`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StatementsParam {
    /// A scalar the statements only read: `int` where it is used in subscripts or loop
    /// headers, else `double`.
    Scalar {
        /// Its name.
        name: String,
        /// `int` or `double`.
        ty: String,
    },
    /// The length of dimension `dim` (from 1) of the array `array`: `int ARRAY_dimK`.
    Length {
        /// The parameter's name.
        name: String,
        /// The array.
        array: String,
        /// The dimension.
        dim: usize,
    },
    /// An array of `rank` dimensions (the first of unknown length): `int` when it is read
    /// inside subscripts, else `double`.
    Array {
        /// Its name.
        name: String,
        /// `int` or `double`.
        ty: String,
        /// Its number of dimensions.
        rank: usize,
    },
}

/// Reads C `text` (named `name`) that is only statements, as the tests of some polyhedral
/// tools are (a region's statements, with or without `#pragma scop`, their variables
/// undeclared), as a function of its free variables: scalars it only reads and arrays become
/// parameters (each array with a length parameter per dimension after the first), scalars
/// it assigns become its locals (`int` when they count loops or stand in subscripts, else
/// `double` starting at zero). The types are a reading, since the file does not say them:
/// the C it gives says them, in the signature.
pub fn statements(
    name: &str,
    text: &str,
    include_dir: Option<&Path>,
    config: &FrontendConfig,
) -> Result<Statements, CError> {
    let stem = Path::new(name)
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut function: String = stem
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    if !function.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') {
        function = format!("scop_{function}");
    }
    let wrapped = format!("void {function}(void) {{\n#line 1 {name:?}\n{text}\n}}\n");
    let uses = on_unit(
        name,
        &wrapped,
        include_dir,
        config,
        |_, _, unit, pragmas| {
            let mut r = Resolver::new(pragmas);
            r.visit_translation_unit(unit);
            let defs = unit
                .0
                .iter()
                .filter(|e| matches!(e.node, ast::ExternalDeclaration::FunctionDefinition(_)))
                .count();
            Ok((r.undeclared, defs))
        },
    )?;
    let (uses, defs) = uses;
    let at_start = SrcLoc {
        file: name.to_string(),
        line: 1,
        col: 1,
    };
    if defs != 1 {
        return Err(CError {
            loc: at_start,
            message: "the file defines functions: it is not only statements".into(),
        });
    }
    let mut names: Vec<&str> = Vec::new();
    for u in &uses {
        if !names.contains(&u.name.as_str()) {
            names.push(&u.name);
        }
    }
    let (mut scalars, mut arrays, mut locals) = (Vec::new(), Vec::new(), String::new());
    for n in names {
        let mine: Vec<&Undeclared> = uses.iter().filter(|u| u.name == n).collect();
        let rank = mine.iter().map(|u| u.rank).max().unwrap_or(0);
        if mine.iter().any(|u| u.rank != rank) {
            return Err(CError {
                loc: at_start,
                message: format!(
                    "`{n}` is used both with and without subscripts (or with different numbers of them)"
                ),
            });
        }
        let integer = mine.iter().any(|u| u.integer);
        let ty = if integer { "int" } else { "double" };
        if rank > 0 {
            arrays.push(StatementsParam::Array {
                name: n.to_string(),
                ty: ty.to_string(),
                rank,
            });
        } else if mine.iter().any(|u| u.role != Role::Read) {
            // A counter starts at its loop (an initializer would assign it outside its loop
            // header, which the model refuses); another scalar starts at zero.
            match integer {
                true => locals.push_str(&format!("  int {n};\n")),
                false => locals.push_str(&format!("  double {n} = 0;\n")),
            }
        } else {
            scalars.push(StatementsParam::Scalar {
                name: n.to_string(),
                ty: ty.to_string(),
            });
        }
    }
    let mut params = scalars;
    for a in arrays {
        let StatementsParam::Array {
            name: array, rank, ..
        } = &a
        else {
            continue;
        };
        for dim in 1..*rank {
            params.push(StatementsParam::Length {
                name: format!("{array}_dim{dim}"),
                array: array.clone(),
                dim,
            });
        }
        params.push(a);
    }
    let signature: Vec<String> = params
        .iter()
        .map(|p| match p {
            StatementsParam::Scalar { name, ty } => format!("{ty} {name}"),
            StatementsParam::Length { name, .. } => format!("int {name}"),
            StatementsParam::Array { name, ty, rank } => {
                let rest: String = (1..*rank).map(|d| format!("[{name}_dim{d}]")).collect();
                format!("{ty} {name}[]{rest}")
            }
        })
        .collect();
    let signature = if signature.is_empty() {
        "void".to_string()
    } else {
        signature.join(", ")
    };
    let source = format!("void {function}({signature}) {{\n{locals}#line 1 {name:?}\n{text}\n}}\n");
    Ok(Statements {
        function,
        params,
        source,
    })
}

//! Regions found without pragmas: in a file with no `#pragma scop`, every outermost `for`
//! statement of every function is tried as a region ([`frontend::loop_nests`], then
//! [`FrontendConfig::regions`]); where one cannot be modeled (a call, I/O, a bound the model
//! refuses), the `for` statements directly inside it are tried in its place, level by level.
//! What the plan keeps as written, or cannot model, is left exactly as it is, without a
//! comment: the reasons are in the [`Part`]s (`optimist c --summary` counts them).
//!
//! # Design notes
//!
//! - **One region per nest.** A region is one `for` statement with lines of its own. Nests
//!   side by side are not joined into one region (which would let the strategy fuse them):
//!   one nest that cannot be modeled would then take its neighbours with it.
//! - **Descending stops at the first level that reads.** A nest the model reads but the plan
//!   does not change (kept as written, no gain) is not split further: its inner loops would
//!   only lose the loops around them.

use super::*;

/// How many levels of `for` statements the search descends into nests it cannot model.
const MAX_LEVELS: usize = 8;

/// `text` rewritten with regions found without pragmas (see the module's notes).
pub(super) fn rewrite_found(
    name: &str,
    text: &str,
    include_dir: Option<&Path>,
    frontend: &FrontendConfig,
    config: &Config,
    definitions: &[frontend::Definition],
) -> Result<Rewritten, Error> {
    let nests = frontend::loop_nests(name, text, include_dir, frontend).map_err(Error::Source)?;
    let lines: Vec<String> = text.split_inclusive('\n').map(str::to_string).collect();
    let mut parts = Vec::new();
    let mut edits: Vec<Edit> = Vec::new();
    let mut taken: Vec<String> = Vec::new();
    // Each kernel made: the function it is defined before, and its code.
    let mut kernels: Vec<(String, String)> = Vec::new();
    // Nests to try this level: the outermost ones first.
    let mut level: Vec<usize> = (0..nests.len())
        .filter(|&i| nests[i].parent.is_none())
        .collect();
    for _ in 0..MAX_LEVELS {
        // A nest without lines of its own is not tried: its inner nests are.
        let (tried, shared): (Vec<usize>, Vec<usize>) =
            level.iter().partition(|&&i| nests[i].alone);
        let mut next: Vec<usize> = shared;
        if !tried.is_empty() {
            let fc = FrontendConfig {
                regions: tried
                    .iter()
                    .map(|&i| (nests[i].first_line, nests[i].last_line))
                    .collect(),
                ..frontend.clone()
            };
            let regions = match frontend::regions(name, text, include_dir, &fc) {
                Ok(r) => r,
                Err(e) => {
                    // The file reads, but not with these regions: no region at this level.
                    for &i in &tried {
                        parts.push(kept_part(&nests[i], &e.to_string()));
                    }
                    next.extend(tried.iter().copied());
                    Vec::new()
                }
            };
            for &i in &tried {
                let n = &nests[i];
                let Some(r) = regions
                    .iter()
                    .find(|r| r.scop_line == n.first_line && r.function == n.function)
                else {
                    parts.push(kept_part(
                        n,
                        "its lines are not where the preprocessed file puts them (a macro or a `#line` directive around it?)",
                    ));
                    next.push(i);
                    continue;
                };
                let k = 1 + kernels.iter().filter(|(f, _)| *f == n.function).count();
                match rewrite_region(
                    name,
                    text,
                    include_dir,
                    frontend,
                    config,
                    r,
                    k,
                    &lines,
                    &mut taken,
                ) {
                    Ok((code, call, kernel)) => {
                        edits.push(call);
                        kernels.push((n.function.clone(), code));
                        parts.push(Part {
                            function: n.function.clone(),
                            region: Some(n.first_line),
                            outcome: Rewrite::Optimized,
                            kernel: Some(kernel),
                        });
                    }
                    Err(Failure::NotOptimized(reason)) => {
                        parts.push(kept_part(n, &reason));
                    }
                    Err(Failure::Unreadable(reason)) => {
                        parts.push(kept_part(n, &reason));
                        next.push(i);
                    }
                }
            }
        }
        // The nests directly inside the ones not read, in the file's order.
        level = (0..nests.len())
            .filter(|&j| nests[j].parent.is_some_and(|p| next.contains(&p)))
            .collect();
        if level.is_empty() {
            break;
        }
    }
    // Each function's kernels, defined before it.
    for d in definitions {
        let code: String = kernels
            .iter()
            .filter(|(f, _)| *f == d.name)
            .map(|(_, code)| {
                if code.ends_with('\n') {
                    code.clone()
                } else {
                    format!("{code}\n")
                }
            })
            .collect();
        if !code.is_empty() {
            let first = d.first_line as usize - 1;
            edits.push((first, first, code));
        }
    }
    parts.sort_by_key(|p| p.region);
    Ok(Rewritten {
        text: applied(lines, edits),
        parts,
    })
}

/// A nest kept as written, for `reason`.
fn kept_part(n: &frontend::LoopNest, reason: &str) -> Part {
    Part {
        function: n.function.clone(),
        region: Some(n.first_line),
        outcome: Rewrite::Kept(reason.replace('\n', " ")),
        kernel: None,
    }
}

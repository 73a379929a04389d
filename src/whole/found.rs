//! Regions found without pragmas: in a file with no `#pragma scop`, every outermost `for`
//! statement of every function is tried as a region ([`frontend::loop_nests`], then
//! [`FrontendConfig::regions`]); where one cannot be modeled (a call, I/O, a bound the model
//! refuses), what is inside it is tried in its place, level by level: each statement of its
//! body that holds a loop or a call of the file's functions (so a time loop that prints keeps
//! its steps: `sweep();` and each nest are regions of their own), else the `for` statements
//! directly inside it.
//! What the plan keeps as written, or cannot model, is left exactly as it is, without a
//! comment: the reasons are in the [`Part`]s (`optimist c --summary` counts them).
//!
//! # Design notes
//!
//! - **One region per nest.** A region is one `for` statement with lines of its own, or one
//!   statement of a refused loop's body that calls the file's functions (inlined). Nests
//!   side by side are not joined into one region (which would let the strategy fuse them):
//!   one nest that cannot be modeled would then take its neighbours with it.
//! - **Descending stops at the first level that reads.** A nest the model reads but the plan
//!   does not change (kept as written, no gain) is not split further: its inner loops would
//!   only lose the loops around them.

use super::*;

/// How many levels of `for` statements the search descends into nests it cannot model.
const MAX_LEVELS: usize = 8;

/// A region to try: the nest `nests[.0]` itself (`None`), or the run of statements `lo..hi`
/// of its body ([`frontend::LoopNest::body`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Candidate(usize, Option<(usize, usize)>);

impl Candidate {
    /// Its first and last lines.
    fn lines(self, nests: &[frontend::LoopNest]) -> (u32, u32) {
        let n = &nests[self.0];
        match self.1 {
            None => (n.first_line, n.last_line),
            Some((lo, hi)) => (n.body[lo].first_line, n.body[hi - 1].last_line),
        }
    }

    /// Whether it has lines of its own (a statement of a block).
    fn alone(self, nests: &[frontend::LoopNest]) -> bool {
        self.1.is_some() || nests[self.0].alone
    }

    /// What to try in its place when the front end cannot read it: each statement of its body
    /// that holds a loop or a call of the file's functions ([`frontend::BodyItem::work`]), a
    /// nest as itself; where its body's statements do not have lines of their own, the `for`
    /// statements directly inside it.
    fn inside(self, nests: &[frontend::LoopNest]) -> Vec<Candidate> {
        let i = self.0;
        let n = &nests[i];
        if self.1.is_none() && !n.body.is_empty() {
            return (0..n.body.len())
                .filter(|&k| n.body[k].work)
                .map(|k| {
                    let item = &n.body[k];
                    (0..nests.len())
                        .find(|&j| {
                            nests[j].parent == Some(i)
                                && nests[j].first_line == item.first_line
                                && nests[j].last_line == item.last_line
                        })
                        .map_or(Candidate(i, Some((k, k + 1))), |j| Candidate(j, None))
                })
                .collect();
        }
        let (first, last) = self.lines(nests);
        (0..nests.len())
            .filter(|&j| {
                nests[j].parent == Some(i)
                    && nests[j].first_line >= first
                    && nests[j].last_line <= last
            })
            .map(|j| Candidate(j, None))
            .collect()
    }
}

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
    // Regions to try this level: the outermost nests first.
    let mut level: Vec<Candidate> = (0..nests.len())
        .filter(|&i| nests[i].parent.is_none())
        .map(|i| Candidate(i, None))
        .collect();
    for _ in 0..MAX_LEVELS {
        // A nest without lines of its own is not tried: its inner nests are.
        let (tried, shared): (Vec<Candidate>, Vec<Candidate>) =
            level.iter().partition(|c| c.alone(&nests));
        let mut next: Vec<Candidate> = shared.iter().flat_map(|c| c.inside(&nests)).collect();
        if !tried.is_empty() {
            let fc = FrontendConfig {
                regions: tried.iter().map(|c| c.lines(&nests)).collect(),
                ..frontend.clone()
            };
            let regions = match frontend::regions(name, text, include_dir, &fc) {
                Ok(r) => r,
                Err(e) => {
                    // The file reads, but not with these regions: no region at this level.
                    for c in &tried {
                        parts.push(kept_part(&nests, *c, &e.to_string()));
                        next.extend(c.inside(&nests));
                    }
                    Vec::new()
                }
            };
            for &c in &tried {
                let n = &nests[c.0];
                let (first, _) = c.lines(&nests);
                let Some(r) = regions
                    .iter()
                    .find(|r| r.scop_line == first && r.function == n.function)
                else {
                    parts.push(kept_part(
                        &nests,
                        c,
                        "its lines are not where the preprocessed file puts them (a macro or a `#line` directive around it?)",
                    ));
                    next.extend(c.inside(&nests));
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
                    Ok((versioned, call, kernel)) => {
                        edits.push(call);
                        kernels.push((n.function.clone(), versioned.code));
                        parts.push(Part {
                            function: n.function.clone(),
                            region: Some(first),
                            outcome: Rewrite::Optimized,
                            kernel: Some(kernel),
                            restructured: versioned.restructured,
                        });
                    }
                    Err(Failure::NotOptimized(reason)) => {
                        parts.push(kept_part(&nests, c, &reason));
                    }
                    Err(Failure::Unreadable(reason)) => {
                        parts.push(kept_part(&nests, c, &reason));
                        next.extend(c.inside(&nests));
                    }
                }
            }
        }
        // What stands inside the ones not read, in the file's order.
        next.sort_by_key(|c| c.lines(&nests));
        next.dedup();
        level = next;
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

/// A region kept as written, for `reason`.
fn kept_part(nests: &[frontend::LoopNest], c: Candidate, reason: &str) -> Part {
    Part {
        function: nests[c.0].function.clone(),
        region: Some(c.lines(nests).0),
        outcome: Rewrite::Kept(reason.replace('\n', " ")),
        kernel: None,
        restructured: false,
    }
}

//! The decided tree as text (`optimist show ast --target`).

use super::*;
use crate::ast::StmtNode;
use std::fmt::Write;
use walk::Emitter;

/// When a loop starts its threads, as `show ast` says it: `, from N instances`.
fn from(fork: Option<&Fork>) -> String {
    fork.map(|f| format!(", from {} instances", f.min))
        .unwrap_or_default()
}

impl Exec {
    /// The comment `show ast` prints after the loop header.
    fn comment(&self, d: &Decided) -> String {
        match self {
            Exec::Serial => String::new(),
            Exec::Extreme(e) => format!(
                "  // the {}{} in {} lanes{}",
                if e.greater { "greatest" } else { "least" },
                if e.indexed {
                    " and its first position"
                } else {
                    ""
                },
                super::EXTREME_LANES,
                if e.indexed {
                    ""
                } else {
                    " (a zero found again in order)"
                }
            ),
            Exec::Strips {
                width, rows: true, ..
            } => format!("  // rows of sums in jams of {width}"),
            Exec::Strips { width, scalars, .. } => {
                let mut s = format!("  // in strips of {width} side by side");
                if !scalars.is_empty() {
                    let own: Vec<&str> = scalars.iter().map(|(_, n)| n.as_str()).collect();
                    let _ = write!(s, " (own {})", own.join(", "));
                }
                s
            }
            Exec::Threads {
                private,
                scalars,
                fork,
                strips,
                rows,
                ..
            } => {
                let mut s = String::from("  // threads");
                let own: Vec<&str> = (private.iter().map(|&k| d.iterators[k].as_str()))
                    .chain(scalars.iter().map(|(_, name)| name.as_str()))
                    .collect();
                if !own.is_empty() {
                    let _ = write!(s, " (own {})", own.join(", "));
                }
                s.push_str(&from(fork.as_ref()));
                match strips {
                    Some(w) if *rows => {
                        let _ = write!(s, ", rows of sums in jams of {w}");
                    }
                    Some(w) => {
                        let _ = write!(s, ", in strips of {w} side by side");
                    }
                    None => {}
                }
                s
            }
            Exec::Lanes(l) => {
                let mut s = String::from("  // lanes");
                if let Some(own) = &l.own {
                    let _ = write!(s, " of {}", own.shape.elem);
                    if let Some(w) = &own.wide {
                        let _ = write!(s, ", whole vectors in {} bits first", w.bytes() * 8);
                    }
                }
                if l.unrolled {
                    s.push_str(", short loops unrolled");
                }
                match &l.share {
                    Share::No => {}
                    Share::Spawn(_, fork) => {
                        s.push_str(", on threads");
                        s.push_str(&from(fork.as_ref()));
                    }
                    Share::Region(_) => s.push_str(", shared by the region's threads"),
                }
                if !l.registers.is_empty() {
                    let _ = write!(s, ", {} array(s) in registers", l.registers.len());
                }
                if !l.locals.is_empty() || !l.reads.is_empty() {
                    let _ = write!(
                        s,
                        ", {} element(s) and {} read(s) in locals",
                        l.locals.len(),
                        l.reads.len()
                    );
                }
                if l.pairs {
                    s.push_str(", two vectors per step");
                }
                s
            }
            Exec::Jammed(j) => format!(
                "  // jammed x{} into its vector loop{}",
                j.copies,
                if j.threads {
                    format!(", groups on threads{}", from(j.fork.as_ref()))
                } else {
                    String::new()
                }
            ),
            Exec::Registers(r) => format!("  // {} element(s) in registers", r.groups.len()),
            Exec::Hoisted(reads) => {
                format!("  // {} read(s) made first in each iteration", reads.len())
            }
            Exec::Carried(values) => format!(
                "  // {} value(s) carried to the next iteration",
                values.len()
            ),
            Exec::Block(b) => format!(
                "  // register block {} x {}{}",
                b.block.rows,
                b.block.columns,
                if b.packed.is_some() {
                    ", operand packed"
                } else {
                    ""
                }
            ),
        }
    }
}

impl Decided {
    /// The decided tree as C-like text, each loop's execution as a comment after its header
    /// (what `optimist show ast --target` prints).
    pub fn display(&self, ast: &LoopAst, scop: &Scop) -> String {
        let mut out = format!("// decided for {}\n", self.target.name());
        if let Some(why) = &self.as_written {
            out.push_str(&format!("// kept as written: {why}\n"));
        }
        self.nodes(&mut out, ast, scop, &self.body, 0);
        out
    }

    fn nodes(&self, out: &mut String, ast: &LoopAst, scop: &Scop, nodes: &[DNode], depth: usize) {
        let mut shown = Shown {
            d: self,
            ast,
            scop,
            depth,
            out,
        };
        match shown.nodes(nodes) {
            Ok(()) => {}
            Err(never) => match never {},
        }
    }

    fn for_loop(&self, out: &mut String, ast: &LoopAst, scop: &Scop, l: &DLoop, depth: usize) {
        let pad = "  ".repeat(depth);
        let it = &ast.iterators[l.iter];
        let _ = writeln!(
            out,
            "{pad}for ({it} = {}; {}; {it} += {}) {{{}",
            ast.expr(&l.init),
            ast.expr(&l.cond),
            l.step,
            l.exec.comment(self)
        );
        match &l.exec {
            Exec::Jammed(j) => {
                self.for_loop(out, ast, scop, &j.lanes, depth + 1);
                let _ = writeln!(out, "{pad}}} // then the remaining iterations:");
                let _ = writeln!(
                    out,
                    "{pad}for ({it} = ...; {it} < {}; {it} += 1) {{",
                    ast.expr(&j.end)
                );
                self.nodes(out, ast, scop, &j.rest, depth + 1);
            }
            Exec::Block(b) => {
                let mut text = String::new();
                ast.stmt_line(&mut text, scop, &b.block.stmt);
                let _ = writeln!(
                    out,
                    "{pad}  // the block: {} rows of {} from {}, {} columns of {} from {}{}",
                    b.block.rows,
                    ast.iterators[b.block.row],
                    ast.expr(&b.block.row_origin),
                    b.block.columns,
                    ast.iterators[b.block.column],
                    ast.expr(&b.block.column_origin),
                    if b.block.boxed {
                        ""
                    } else {
                        " (cut by the loops' bounds: whole where they cover it at every row)"
                    }
                );
                let _ = writeln!(out, "{pad}  {text}");
                let _ = writeln!(out, "{pad}}} // else, not whole:");
                self.for_loop(out, ast, scop, &b.serial, depth);
                return;
            }
            _ => self.nodes(out, ast, scop, &l.body, depth + 1),
        }
        let _ = writeln!(out, "{pad}}}");
    }
}

/// `show ast`'s [`Emitter`]: each node as C-like text, each loop's execution a comment.
struct Shown<'x> {
    d: &'x Decided,
    ast: &'x LoopAst,
    scop: &'x Scop,
    depth: usize,
    out: &'x mut String,
}

impl Emitter for Shown<'_> {
    type Error = std::convert::Infallible;

    fn for_loop(&mut self, l: &DLoop) -> Result<(), Self::Error> {
        self.d
            .for_loop(self.out, self.ast, self.scop, l, self.depth);
        Ok(())
    }

    fn branch(&mut self, cond: &AExpr, then: &[DNode], els: &[DNode]) -> Result<(), Self::Error> {
        let pad = "  ".repeat(self.depth);
        let _ = writeln!(self.out, "{pad}if ({}) {{", self.ast.expr(cond));
        self.d
            .nodes(self.out, self.ast, self.scop, then, self.depth + 1);
        if !els.is_empty() {
            let _ = writeln!(self.out, "{pad}}} else {{");
            self.d
                .nodes(self.out, self.ast, self.scop, els, self.depth + 1);
        }
        let _ = writeln!(self.out, "{pad}}}");
        Ok(())
    }

    fn stmt(&mut self, s: &StmtNode) -> Result<(), Self::Error> {
        let pad = "  ".repeat(self.depth);
        let mut text = String::new();
        self.ast.stmt_line(&mut text, self.scop, s);
        let _ = writeln!(self.out, "{pad}{text}");
        Ok(())
    }

    fn region(
        &mut self,
        private: &[usize],
        body: &[DNode],
        fork: Option<&Fork>,
    ) -> Result<(), Self::Error> {
        let pad = "  ".repeat(self.depth);
        let names: Vec<&str> = private
            .iter()
            .map(|&k| self.ast.iterators[k].as_str())
            .collect();
        let _ = writeln!(
            self.out,
            "{pad}// parallel region (own {}){} {{",
            names.join(", "),
            from(fork).replace("instances", "instances a sweep")
        );
        self.d
            .nodes(self.out, self.ast, self.scop, body, self.depth + 1);
        let _ = writeln!(self.out, "{pad}// }}");
        Ok(())
    }

    fn packed(&mut self, pack: &Pack, body: &[DNode]) -> Result<(), Self::Error> {
        let pad = "  ".repeat(self.depth);
        let factors = match pack.upfront {
            Some(n) => format!("{n} blocks"),
            None => "each row block's".to_string(),
        };
        let kernel = match &pack.kernel {
            Some(k) => format!(
                " and its rows' factor ({factors} of {} x {}), for a micro-kernel in {} vectors of {} bytes per row{}",
                pack.depth,
                pack.block.rows,
                k.vectors,
                k.vector_bytes(),
                if k.fused {
                    ", multiplies and adds fused"
                } else if k.second.is_some() {
                    ", two products summed"
                } else {
                    ""
                }
            ),
            None => String::new(),
        };
        let _ = writeln!(
            self.out,
            "{pad}// pack the operand of S{} along the columns ({} blocks of {} x {}){kernel}{} {{",
            self.scop.access(pack.access).stmt.0,
            pack.n_blocks,
            pack.depth,
            pack.block.columns,
            match (&pack.kernel, pack.upfront) {
                (Some(_), None) => ", each column and row when a block first reads it",
                _ => "",
            }
        );
        self.d
            .nodes(self.out, self.ast, self.scop, body, self.depth + 1);
        let _ = writeln!(self.out, "{pad}// }}");
        Ok(())
    }
}

impl LoopAst {
    /// The decided tree of this AST for `target` (`decide`): the one place a tree is
    /// decided ([`crate::Plan::decide`] calls it for a plan).
    pub fn decide(&self, scop: &Scop, target: &Target, proved: &[ArrayId]) -> Decided {
        decide(scop, self, target, proved)
    }
}

//! The C of loops that keep values in registers: jammed copies, unrolled vector loops with
//! their locals, register blocks, and packed operands.

use super::*;

impl Printer<'_> {
    /// A loop `k` unrolled and jammed into the vector loop that is its body ([`Jam`]):
    /// `copies` iterations of `k` at a time, each statement of the vector loop once per copy
    /// (`k`, `k + 1`, ...) in turn, then the remaining iterations as written. Legal by the mark:
    /// no dependence `k` carries goes backwards inside it. Groups of copies run on threads
    /// when the decision says so.
    pub(super) fn jammed(&self, l: &DLoop, j: &Jam, depth: usize) -> String {
        let mut out = String::new();
        let pad = "  ".repeat(depth);
        let (k, copies) = (l.iter, j.copies);
        let it = &self.iters[k];
        let end = self.aexpr(&j.end);
        let v = &self.iters[j.lanes.iter];
        if j.threads {
            let _ = writeln!(
                out,
                "{pad}#pragma omp parallel for private({v}){}",
                self.fork_clause(&j.fork)
            );
        }
        let _ = writeln!(
            out,
            "{pad}for ({it} = {}; {it} < {end} - {}L; {it} += {copies}) {{",
            self.aexpr(&l.init),
            copies - 1
        );
        let _ = writeln!(out, "{pad}  OPTIMIST_VECTOR");
        let _ = writeln!(
            out,
            "{pad}  for ({v} = {}; {}; {v} += 1) {{",
            self.aexpr(&j.lanes.init),
            self.aexpr(&j.lanes.cond)
        );
        for q in 0..copies {
            let copy: Vec<DNode> = j
                .lanes
                .body
                .iter()
                .map(|n| match n {
                    DNode::Stmt(s) => DNode::Stmt(shifted(s, k, q)),
                    other => other.clone(),
                })
                .collect();
            out.push_str(&self.nodes(&copy, depth + 2));
        }
        let _ = writeln!(out, "{pad}  }}");
        let _ = writeln!(out, "{pad}}}");
        // Where the groups of copies stopped (a parallel loop's counter is undefined after it).
        let first = self.aexpr(&l.init);
        let _ = writeln!(
            out,
            "{pad}for ({it} = optimist_max({first}, {first} + ({end} - {first}) / {copies}L * {copies}L); {it} < {end}; {it} += 1) {{"
        );
        out.push_str(&self.nodes(&j.rest, depth + 1));
        let _ = writeln!(out, "{pad}}}");
        out
    }
}

impl Printer<'_> {
    /// A vector loop whose body is its short loops unrolled ([`Lanes::unrolled`]), with what
    /// one iteration touches at one place kept in locals ([`Lanes::locals`], [`Lanes::reads`]),
    /// which the C compiler then keeps in registers (it cannot otherwise: the arrays could
    /// overlap as far as it knows, and `restrict` does not survive OpenMP's outlining; the
    /// run-time check proved them apart): an element written first is stored once at the end
    /// of the iteration; an invariant read is a local set before the loop, under the loop's own
    /// test, so it is read only when the program reads it.
    pub(super) fn unrolled_vector_loop(
        &self,
        l: &DLoop,
        lanes: &Lanes,
        test: &str,
        pragma: &str,
        depth: usize,
    ) -> String {
        let mut out = String::new();
        let pad = "  ".repeat(depth);
        let it = &self.iters[l.iter];
        let body = crate::decide::plain(&l.body);
        let text = |node: usize, a: AccessId| match &body[node] {
            Node::Stmt {
                stmt,
                iterators,
                indices,
            } => self.access(
                &StmtCtx {
                    st: Some(self.scop.stmt(*stmt)),
                    iterators,
                    indices,
                },
                a,
            ),
            _ => unreachable!("an unrolled body is statements"),
        };
        let locals: Vec<(ScopArrayId, String)> = lanes
            .locals
            .iter()
            .map(|&(array, node, a)| (array, text(node, a)))
            .collect();
        let mut reads: Vec<(String, optimist_scop::Type)> = Vec::new();
        for &(node, a) in &lanes.reads {
            let t = text(node, a);
            if !reads.iter().any(|(x, _)| *x == t) {
                reads.push((t, self.scop.array(self.scop.access(a).array).elem));
            }
        }
        let init = self.aexpr(&l.init);
        let step = l.step;
        let _ = writeln!(out, "{pad}{it} = {init};");
        let _ = writeln!(out, "{pad}if ({test}) {{");
        for (k, (text, elem)) in reads.iter().enumerate() {
            let _ = writeln!(out, "{pad}  const {elem} optimist_h{k} = {text};");
        }
        super::pragma_line(&mut out, &format!("{pad}  "), pragma);
        // OpenMP wants the first value in the loop.
        let _ = writeln!(out, "{pad}  for ({it} = {init}; {test}; {it} += {step}) {{");
        for (k, (array, _)) in locals.iter().enumerate() {
            let elem = self.scop.array(*array).elem;
            let _ = writeln!(out, "{pad}    {elem} optimist_r{k};");
        }
        self.registers.borrow_mut().extend(
            locals
                .iter()
                .enumerate()
                .map(|(k, (array, _))| (Local::Array(*array), format!("optimist_r{k}"))),
        );
        self.registers.borrow_mut().extend(
            reads
                .iter()
                .enumerate()
                .map(|(k, (text, _))| (Local::Read(text.clone()), format!("optimist_h{k}"))),
        );
        out.push_str(&self.nodes(&l.body, depth + 2));
        self.registers.borrow_mut().clear();
        for (k, (_, element)) in locals.iter().enumerate() {
            let _ = writeln!(out, "{pad}    {element} = optimist_r{k};");
        }
        let _ = writeln!(out, "{pad}  }}");
        let _ = writeln!(out, "{pad}}}");
        out
    }

    /// Loop `l` with a register block as its body ([`Block`]): when the block is whole, its
    /// elements are loaded into a local array before the loop, the statement computes in that
    /// array, and the array is stored after the loop (the C compiler keeps it in vector
    /// registers: each step of the loop loads a row of the columns and a value per row, and
    /// multiplies and adds in registers); the loop as written otherwise. The elements stay
    /// where they are along the loop and no other access of the block touches their array
    /// (`register_block`), and the run-time check proved the arrays apart: every element's
    /// value is the program's, computed in the program's order.
    pub(super) fn blocked(&self, l: &DLoop, blk: &Block, depth: usize) -> String {
        let mut out = String::new();
        let pad = "  ".repeat(depth);
        let b = &blk.block;
        let (r, c, it) = (
            &self.iters[b.row],
            &self.iters[b.column],
            &self.iters[l.iter],
        );
        let (r0, c0) = (self.aexpr(&b.row_init), self.aexpr(&b.column_init));
        let (_, ctx) = b.statement(self.scop);
        let packed = blk.packed.and_then(|a| {
            self.packed
                .borrow()
                .as_ref()
                .map(|local| (a, local.clone()))
        });
        let _ = writeln!(
            out,
            "{pad}if ({} - {r0} == {}L && {} - {c0} == {}L{}) {{",
            self.aexpr(&b.row_end),
            b.rows,
            self.aexpr(&b.column_end),
            b.columns,
            if packed.is_some() {
                " && optimist_pack"
            } else {
                ""
            }
        );
        let st = self.scop.stmt(b.stmt_id());
        let write = self.scop.access(st.write);
        let elem = self.scop.array(write.array).elem;
        let element = self.access_text(&ctx, st.write);
        let _ = writeln!(
            out,
            "{pad}  const long optimist_b0 = {r0}, optimist_b1 = {c0};"
        );
        let _ = writeln!(
            out,
            "{pad}  {elem} optimist_acc[{}][{}];",
            b.rows, b.columns
        );
        let local = format!("optimist_acc[{r} - optimist_b0][{c} - optimist_b1]");
        let rows = format!(
            "for ({r} = optimist_b0; {r} < optimist_b0 + {}L; {r} += 1)",
            b.rows
        );
        let columns = format!(
            "for ({c} = optimist_b1; {c} < optimist_b1 + {}L; {c} += 1)",
            b.columns
        );
        let _ = writeln!(out, "{pad}  {rows}");
        let _ = writeln!(out, "{pad}    {columns}");
        let _ = writeln!(out, "{pad}      {local} = {element};");
        let _ = writeln!(
            out,
            "{pad}  for ({it} = {}; {}; {it} += 1) {{",
            self.aexpr(&l.init),
            self.aexpr(&l.cond)
        );
        // Columns outside rows: gcc unrolls a constant innermost loop of 16 first and then
        // vectorizes the rows (4 elements a column apart: a transposition per step); with
        // the rows innermost it unrolls them and vectorizes the columns.
        let _ = writeln!(out, "{pad}    {columns} {{");
        let _ = writeln!(out, "{pad}      {rows} {{");
        self.registers
            .borrow_mut()
            .push((Local::Array(write.array), local.clone()));
        if let Some((access, packed)) = &packed {
            let text = self.access_text(&ctx, *access);
            self.registers
                .borrow_mut()
                .push((Local::Read(text), packed.clone()));
        }
        out.push_str(&self.nodes(&[DNode::Stmt(b.stmt.clone())], depth + 4));
        self.registers.borrow_mut().clear();
        let _ = writeln!(out, "{pad}      }}");
        let _ = writeln!(out, "{pad}    }}");
        let _ = writeln!(out, "{pad}  }}");
        let _ = writeln!(out, "{pad}  {rows}");
        let _ = writeln!(out, "{pad}    {columns}");
        let _ = writeln!(out, "{pad}      {element} = {local};");
        let _ = writeln!(out, "{pad}}} else {{");
        out.push_str(&self.for_loop(&blk.serial, depth + 1));
        let _ = writeln!(out, "{pad}}}");
        out
    }

    /// The loop over a product's row blocks (`body`, [`Pack`]) with its operand along the
    /// columns packed first: a buffer the kernel owns (`malloc`, freed after the loop) gets,
    /// for each whole column block, the operand's elements of the reduction's tile, one
    /// block's after the other, row of the reduction by row (the 16 columns a step of the
    /// reduction reads, contiguous); the blocks then read them there. Packing reads what
    /// every row block reads (the bounds are free of the rows), so only when a row block
    /// runs; a failed allocation leaves every block on the operand in memory. The values
    /// are the operand's: the block's statement does not write its array, and the run-time
    /// check proved the arrays apart.
    pub(super) fn packed_blocks(&self, site: &Pack, body: &[DNode], depth: usize) -> String {
        let mut out = String::new();
        let pad = "  ".repeat(depth);
        let b = &site.block;
        let [DNode::For(rows_loop)] = body else {
            unreachable!("a pack is around one loop (`pack_site`)")
        };
        let (_, ctx) = b.statement(self.scop);
        let elem = self.scop.array(self.scop.access(site.access).array).elem;
        let (blocks, k, column, r) = (
            &self.iters[site.blocks],
            &self.iters[site.k],
            &self.iters[b.column],
            &self.iters[rows_loop.iter],
        );
        let (blocks_init, k_init) = (self.aexpr(&site.blocks_init), self.aexpr(&site.k_init));
        let (depth_k, wide) = (site.depth, b.columns);
        let place = |first: &str| {
            format!(
                "optimist_pack[(({blocks} - {blocks_init}) * {depth_k}L + ({k} - {k_init})) * {wide}L + ({column} - {first})]"
            )
        };
        let column_init = self.aexpr(&b.column_init);
        let _ = writeln!(out, "{pad}{{");
        let _ = writeln!(
            out,
            "{pad}  {elem} *optimist_pack = ({elem} *)malloc(sizeof({elem}) * {}L);",
            site.n_blocks * depth_k * wide
        );
        let _ = writeln!(out, "{pad}  {r} = {};", self.aexpr(&rows_loop.init));
        // The copy: a line each, one level deeper each.
        let lines = [
            format!("if (optimist_pack && {})", self.aexpr(&rows_loop.cond)),
            format!(
                "for ({blocks} = {blocks_init}; {}; {blocks} += 1)",
                self.aexpr(&site.blocks_cond)
            ),
            format!(
                "if ({} - {column_init} == {wide}L)",
                self.aexpr(&b.column_end)
            ),
            format!(
                "for ({k} = {k_init}; {}; {k} += 1)",
                self.aexpr(&site.k_cond)
            ),
            format!(
                "for ({column} = {column_init}; {column} < {column_init} + {wide}L; {column} += 1)"
            ),
            format!(
                "{} = {};",
                place(&format!("({column_init})")),
                self.access_text(&ctx, site.access)
            ),
        ];
        for (level, line) in lines.iter().enumerate() {
            let _ = writeln!(out, "{pad}  {}{line}", "  ".repeat(level));
        }
        *self.packed.borrow_mut() = Some(place("optimist_b1"));
        out.push_str(&self.nodes(body, depth + 1));
        *self.packed.borrow_mut() = None;
        let _ = writeln!(out, "{pad}  free(optimist_pack);");
        let _ = writeln!(out, "{pad}}}");
        out
    }
}

//! The C of loops that keep values in registers: jammed copies, unrolled vector loops with
//! their locals, register blocks, and packed operands.

use super::*;
use crate::ast::StmtNode;
use crate::decide::StmtAt;

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
                self.fork_clause(j.fork.as_ref())
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
        let text = |node: StmtAt, a: AccessId| match node.of(&l.body) {
            Some(StmtNode {
                stmt,
                iterators,
                indices,
            }) => self.access(
                &StmtCtx {
                    st: Some(self.scop.stmt(*stmt)),
                    iterators,
                    indices,
                },
                a,
            ),
            // `decide` points only at statements of the body; were it past them, C that
            // does not compile.
            None => "optimist_no_such_statement()".to_string(),
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
        let site = self.kernel_site.borrow().clone();
        if blk.packed.is_some()
            && let Some(site) = site
        {
            return self.kernel_block(l, blk, &site, depth);
        }
        let mut out = String::new();
        let pad = "  ".repeat(depth);
        let b = &blk.block;
        let (r, c, it) = (
            &self.iters[b.row],
            &self.iters[b.column],
            &self.iters[l.iter],
        );
        let (_, ctx) = b.statement(self.scop);
        let packed = blk.packed.and_then(|a| {
            self.packed
                .borrow()
                .as_ref()
                .map(|local| (a, local.clone()))
        });
        let _ = writeln!(out, "{pad}{{");
        out.push_str(&self.whole_test(b, depth + 1));
        let _ = writeln!(
            out,
            "{pad}if (optimist_whole{}) {{",
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
        let _ = writeln!(out, "{pad}}}");
        out
    }

    /// The declarations that say whether register block `b` is whole: its nominal box's
    /// origins (`optimist_b0`, `optimist_b1`), its rows' bounds (`optimist_r0`, `optimist_r1`)
    /// and `optimist_whole`, the test `decide` wrote ([`RegisterBlock::whole`]).
    fn whole_test(&self, b: &RegisterBlock, depth: usize) -> String {
        let mut out = String::new();
        let pad = "  ".repeat(depth);
        let _ = writeln!(
            out,
            "{pad}const long optimist_b0 = {}, optimist_b1 = {};",
            self.aexpr(&b.row_origin),
            self.aexpr(&b.column_origin)
        );
        let _ = writeln!(
            out,
            "{pad}const long optimist_r0 = {}, optimist_r1 = {};",
            self.aexpr(&b.row_init),
            self.aexpr(&b.row_end)
        );
        let _ = writeln!(
            out,
            "{pad}const int optimist_whole = {};",
            self.aexpr(&b.whole)
        );
        out
    }

    /// The loop over a product's row blocks (`body`, [`Pack`]) with its operand along the
    /// columns packed first (without a micro-kernel): the buffer (one per thread, allocated
    /// once per call) gets, for each whole column block, the operand's elements of the
    /// reduction's tile, one block's after the other, row of the reduction by row (the 16
    /// columns a step of the reduction reads, contiguous); the blocks then read them there.
    /// Packing reads what every row block reads (the bounds are free of the rows), so only
    /// when a row block runs; without a buffer every block reads the operand in memory. The
    /// values are the operand's: the block's statement does not write its array, and the
    /// run-time check proved the arrays apart. With a micro-kernel the blocks pack as they
    /// run ([`Pack::kernel`], [`Self::kernel_block`]).
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
        let (blocks_init, k_init) = (self.aexpr(&site.blocks_origin), self.aexpr(&site.k_init));
        let (depth_k, wide) = (site.depth, b.columns);
        let place = |first: &str| {
            format!(
                "optimist_pack[(({blocks} - {blocks_init}) * {depth_k}L + ({k} - {k_init})) * {wide}L + ({column} - {first})]"
            )
        };
        // The copy of the operand's column blocks, a line each, one level deeper each: with a
        // micro-kernel every block (zeros past the columns' end), without one the whole
        // blocks only.
        let column_copy = |padded: bool| -> Vec<String> {
            let (column_init, column_end) = (self.aexpr(&b.column_init), self.aexpr(&b.column_end));
            let value = self.access_text(&ctx, site.access);
            let mut lines = vec![
                format!("if (optimist_pack && {})", self.aexpr(&rows_loop.cond)),
                format!(
                    "for ({blocks} = {blocks_init}; {}; {blocks} += 1)",
                    self.aexpr(&site.blocks_cond)
                ),
            ];
            if !padded {
                lines.push(format!("if ({column_end} - {column_init} == {wide}L)"));
            }
            lines.push(format!(
                "for ({k} = {k_init}; {}; {k} += 1)",
                self.aexpr(&site.k_cond)
            ));
            lines.push(format!(
                "for ({column} = {column_init}; {column} < {column_init} + {wide}L; {column} += 1)"
            ));
            let at = place(&format!("({column_init})"));
            lines.push(if padded {
                format!("{at} = {column} < {column_end} ? {value} : 0;")
            } else {
                format!("{at} = {value};")
            });
            lines
        };
        let _ = writeln!(out, "{pad}{{");
        let _ = writeln!(
            out,
            "{pad}  {elem} *optimist_pack = optimist_buffer && optimist_thread() < optimist_buffers ? ({elem} *)(optimist_buffer + optimist_thread() * optimist_buffer_bytes) : 0;"
        );
        if let Some(kernel) = &site.kernel {
            let first = site.n_blocks * depth_k * wide;
            let rows_init = self.aexpr(&rows_loop.init);
            let a = match site.upfront {
                None => {
                    // What the blocks have packed: each column of the tile's column blocks, how
                    // many of each block's, and the row block whose factors are in place,
                    // which of its rows.
                    let _ = writeln!(
                        out,
                        "{pad}  unsigned char optimist_done[{}] = {{0}}, optimist_rows[{}];",
                        site.n_blocks * wide,
                        b.rows
                    );
                    let _ = writeln!(
                        out,
                        "{pad}  long optimist_count[{}] = {{0}}, optimist_owner = 0;",
                        site.n_blocks
                    );
                    let _ = writeln!(out, "{pad}  int optimist_owned = 0;");
                    format!("optimist_pack + {first}L")
                }
                Some(n_rows) => {
                    // Every row block reads every column block: all of them packed first, step
                    // by step across the tile's columns, zeros past the columns' end; then the
                    // row factors, block after block, a block's rows side by side per step.
                    let (row, rows) = (&self.iters[b.row], b.rows);
                    let row_init = self.aexpr(&b.row_init);
                    let factor = self.body(&ctx, &kernel.row_factor);
                    let _ = writeln!(out, "{pad}  {r} = {rows_init};");
                    let columns = column_copy(true);
                    // Only where some column block runs: the program evaluates a row factor
                    // only for a column (the loops' bounds are free of each other).
                    let factors = [
                        format!(
                            "if (optimist_pack && ({blocks} = {blocks_init}, {})) for ({r} = {rows_init}; {}; {r} += 1)",
                            self.aexpr(&site.blocks_cond),
                            self.aexpr(&rows_loop.cond)
                        ),
                        format!(
                            "for ({k} = {k_init}; {}; {k} += 1)",
                            self.aexpr(&site.k_cond)
                        ),
                        format!(
                            "for ({row} = {row_init}; {row} < {row_init} + {rows}L; {row} += 1)"
                        ),
                        format!(
                            "optimist_pack[{first}L + (({r} - {rows_init}) * {depth_k}L + ({k} - {k_init})) * {rows}L + ({row} - {row_init})] = {row} < {} ? {factor} : 0;",
                            self.aexpr(&b.row_end)
                        ),
                    ];
                    for lines in [&columns[..], &factors[..]] {
                        for (level, line) in lines.iter().enumerate() {
                            let _ = writeln!(out, "{pad}  {}{line}", "  ".repeat(level));
                        }
                    }
                    debug_assert!(n_rows * depth_k * rows + first == site.elements());
                    format!(
                        "optimist_pack + {first}L + ({r} - {rows_init}) * {}L",
                        depth_k * rows
                    )
                }
            };
            *self.kernel_site.borrow_mut() = Some(KernelSite {
                a,
                b: format!(
                    "optimist_pack + ({blocks} - {blocks_init}) * {}L",
                    depth_k * wide
                ),
                kernel: kernel.clone(),
                pack: site.clone(),
            });
            out.push_str(&self.nodes(body, depth + 1));
            *self.kernel_site.borrow_mut() = None;
            let _ = writeln!(out, "{pad}}}");
            return out;
        }
        let rows_init = self.aexpr(&rows_loop.init);
        let _ = writeln!(out, "{pad}  {r} = {rows_init};");
        let lines = column_copy(false);
        for (level, line) in lines.iter().enumerate() {
            let _ = writeln!(out, "{pad}  {}{line}", "  ".repeat(level));
        }
        *self.packed.borrow_mut() = Some(place("optimist_b1"));
        out.push_str(&self.nodes(body, depth + 1));
        *self.packed.borrow_mut() = None;
        let _ = writeln!(out, "{pad}}}");
        out
    }

    /// Loop `l` around register block `blk` run by the micro-kernel of its pack (`kernel`,
    /// whose row factors and packed columns start at `bases`). The block first packs what it
    /// reads and its tile has not packed yet ([`Pack::kernel`]): its row block's factors at the
    /// rows inside the loops' bounds, and the operand at the columns inside them, each column
    /// once per tile, only where the program reads them. A whole block (its loops cover their
    /// boxes at every row) is then computed in the array, any other in a local copy of its
    /// elements (zeros elsewhere) of which only those inside the bounds are copied back (a
    /// triangle's or an edge's block: the lanes outside compute on whatever the buffer holds
    /// there and are dropped); the loop as written when there is no buffer.
    fn kernel_block(
        &self,
        l: &DLoop,
        blk: &Block,
        KernelSite {
            a,
            b: packed,
            kernel,
            pack: site,
        }: &KernelSite,
        depth: usize,
    ) -> String {
        let b = &blk.block;
        let k_end = &site.k_end;
        let mut out = String::new();
        let pad = "  ".repeat(depth);
        let (r, c, k) = (
            &self.iters[b.row],
            &self.iters[b.column],
            &self.iters[l.iter],
        );
        let (rows, columns, depth_k) = (b.rows, b.columns, site.depth);
        let (_, ctx) = b.statement(self.scop);
        let st = self.scop.stmt(b.stmt_id());
        let elem = self.scop.array(self.scop.access(st.write).array).elem;
        let element = self.access_text(&ctx, st.write);
        let name = self.micro_kernel(elem, rows, columns, kernel);
        let (c_init, c_end) = (self.aexpr(&b.column_init), self.aexpr(&b.column_end));
        let (k_init, k_cond) = (self.aexpr(&site.k_init), self.aexpr(&site.k_cond));
        let rows_of_block = format!("for ({r} = optimist_r0; {r} < optimist_r1; {r} += 1)");
        let columns_of_row = format!("for ({c} = {c_init}; {c} < {c_end}; {c} += 1)");
        let _ = writeln!(out, "{pad}if (optimist_pack) {{");
        out.push_str(&self.whole_test(b, depth + 1));
        let mut lines = Vec::new();
        if site.upfront.is_none() {
            let first = site.n_blocks * depth_k * columns;
            let q = format!(
                "({} - {})",
                self.iters[site.blocks],
                self.aexpr(&site.blocks_origin)
            );
            let factor = self.body(&ctx, &kernel.row_factor);
            let value = self.access_text(&ctx, site.access);
            // The row block's factors, then the operand's columns, not packed yet.
            lines.extend([
                // The row block's factors.
                format!(
                    "if (!optimist_owned || optimist_owner != {}) {{",
                    self.iters[site.rows]
                ),
                "  optimist_owned = 1;".to_string(),
                format!("  optimist_owner = {};", self.iters[site.rows]),
                "  __builtin_memset(optimist_rows, 0, sizeof optimist_rows);".to_string(),
                "}".to_string(),
                rows_of_block.clone(),
                "  if (!optimist_rows[{r} - optimist_b0]) {".replace("{r}", r),
                "    optimist_rows[{r} - optimist_b0] = 1;".replace("{r}", r),
                format!("    for ({k} = {k_init}; {k_cond}; {k} += 1)"),
                format!(
                    "      optimist_pack[{first}L + ({k} - {k_init}) * {rows}L + ({r} - optimist_b0)] = {factor};"
                ),
                "  }".to_string(),
            ]);
            lines.extend([
                format!("if (optimist_count[{q}] < {columns}L)"),
                format!("  {rows_of_block}"),
                format!("    {columns_of_row}"),
                format!("      if (!optimist_done[{q} * {columns}L + ({c} - optimist_b1)]) {{"),
                format!("        optimist_done[{q} * {columns}L + ({c} - optimist_b1)] = 1;"),
                format!("        optimist_count[{q}] += 1;"),
                format!("        for ({k} = {k_init}; {k_cond}; {k} += 1)"),
                format!(
                    "          optimist_pack[({q} * {depth_k}L + ({k} - {k_init})) * {columns}L + ({c} - optimist_b1)] = {value};"
                ),
                "      }".to_string(),
            ]);
        }
        lines.extend([
            // The block, whole or a copy.
            format!("{elem} optimist_t[{rows}][{columns}], *optimist_c = &optimist_t[0][0];"),
            format!("long optimist_ldc = {columns}L;"),
            "if (optimist_whole) {".to_string(),
            format!("  {r} = optimist_b0;"),
            format!("  {c} = optimist_b1;"),
            format!("  optimist_c = &{element};"),
            format!("  {r} = optimist_b0 + 1;"),
            format!("  optimist_ldc = &{element} - optimist_c;"),
            "} else {".to_string(),
            "  __builtin_memset(optimist_t, 0, sizeof optimist_t);".to_string(),
            format!("  {rows_of_block}"),
            format!("    {columns_of_row}"),
            format!("      optimist_t[{r} - optimist_b0][{c} - optimist_b1] = {element};"),
            "}".to_string(),
            format!(
                "{name}({} - {}, {a}, {packed}, optimist_c, optimist_ldc);",
                self.aexpr(k_end),
                self.aexpr(&l.init),
            ),
            "if (!optimist_whole)".to_string(),
            format!("  {rows_of_block}"),
            format!("    {columns_of_row}"),
            format!("      {element} = optimist_t[{r} - optimist_b0][{c} - optimist_b1];"),
        ]);
        for line in lines {
            let _ = writeln!(out, "{pad}  {line}");
        }
        let _ = writeln!(out, "{pad}}} else {{");
        out.push_str(&self.for_loop(&blk.serial, depth + 1));
        let _ = writeln!(out, "{pad}}}");
        out
    }

    /// The name of a micro-kernel (printed once per function, before it): `kc` steps of the
    /// reduction over a block of `rows` by `columns` elements at `c` (rows `ldc` apart), the
    /// row factors at `a` (`rows` per step) and the packed columns at `b` (`columns` per step).
    /// With GNU C's vector extensions (gcc, clang; not with `OPTIMIST_NO_VECTOR_EXTENSIONS`
    /// defined) the block is held in vectors of
    /// `kernel.vector_bytes` across the reduction, one vector load per vector of a step's
    /// columns and one broadcast per row; otherwise the same operations in scalars. Both
    /// compute `W + X * Y` in the statement's order of operands, element by element, in the
    /// reduction's order.
    fn micro_kernel(
        &self,
        elem: optimist_scop::Type,
        rows: i64,
        columns: i64,
        kernel: &MicroKernel,
    ) -> String {
        let mut kernels = self.kernels.borrow_mut();
        let name = format!("{}_block{}", self.name.borrow(), kernels.len());
        let (vb, q) = (kernel.vector_bytes(), kernel.vectors);
        let lanes = columns / q;
        let product = |x: &str, y: &str| {
            if kernel.row_first {
                format!("{x} * {y}")
            } else {
                format!("{y} * {x}")
            }
        };
        let sum = |w: &str, p: &str| {
            if kernel.element_first {
                format!("{w} + {p}")
            } else {
                format!("{p} + {w}")
            }
        };
        let mut f = String::new();
        let _ = writeln!(
            f,
            "static inline void {name}(long kc, const {elem} *restrict a, const {elem} *restrict b, {elem} *restrict c, long ldc) {{"
        );
        let _ = writeln!(
            f,
            "#if defined(__GNUC__) && !defined(OPTIMIST_NO_VECTOR_EXTENSIONS)"
        );
        let _ = writeln!(
            f,
            "  typedef {elem} optimist_v __attribute__((vector_size({vb})));"
        );
        let _ = writeln!(f, "  optimist_v acc[{rows}][{q}], bv[{q}];");
        let _ = writeln!(
            f,
            "  for (int r = 0; r < {rows}; r++) for (int x = 0; x < {q}; x++) __builtin_memcpy(&acc[r][x], c + r * ldc + x * {lanes}, {vb});"
        );
        let _ = writeln!(f, "  for (long k = 0; k < kc; k++) {{");
        let _ = writeln!(
            f,
            "    for (int x = 0; x < {q}; x++) __builtin_memcpy(&bv[x], b + k * {columns}L + x * {lanes}, {vb});"
        );
        let _ = writeln!(f, "    for (int r = 0; r < {rows}; r++) {{");
        let _ = writeln!(f, "      const {elem} av = a[k * {rows}L + r];");
        let _ = writeln!(
            f,
            "      for (int x = 0; x < {q}; x++) acc[r][x] = {};",
            sum("acc[r][x]", &product("av", "bv[x]"))
        );
        let _ = writeln!(f, "    }}");
        let _ = writeln!(f, "  }}");
        let _ = writeln!(
            f,
            "  for (int r = 0; r < {rows}; r++) for (int x = 0; x < {q}; x++) __builtin_memcpy(c + r * ldc + x * {lanes}, &acc[r][x], {vb});"
        );
        let _ = writeln!(f, "#else");
        let _ = writeln!(
            f,
            "  for (long k = 0; k < kc; k++) for (int r = 0; r < {rows}; r++) for (int x = 0; x < {columns}; x++)"
        );
        let _ = writeln!(
            f,
            "    c[r * ldc + x] = {};",
            sum(
                "c[r * ldc + x]",
                &product(
                    &format!("a[k * {rows}L + r]"),
                    &format!("b[k * {columns}L + x]")
                )
            )
        );
        let _ = writeln!(f, "#endif");
        let _ = writeln!(f, "}}");
        kernels.push(f);
        name
    }
}

//! [`Plan`]: everything the optimizer decided for one function, which code generation compiles.
//!
//! Code generation does not decide anything about the model: the driver (`optimist::optimize`
//! in the facade) builds the model, runs the passes, collects the assumptions, chooses the
//! schedule and builds the run-time check, and hands the result here as a `Plan`.
//! [`crate::Kernel::compile`] and [`crate::c::versioned`] take `Option<&Plan>`: `None` compiles
//! only the faithful translation of the program.
//!
//! # Design notes
//!
//! - **`Plan`** (`plan.rs`). What the driver decided, the only input of code generation besides
//!   the program: the final model, the assumptions, the schedule and its marks, the loop AST, the
//!   `RuntimeCheck`, the arrays without range checks, the exact footprints, the transformation in
//!   words and the per-stage reports. `Plan::check_c` is the check as `show assumptions` prints it
//!   and the code evaluates it.

use crate::ast::{LoopAst, Marks};
use optimist_assume::{Assumptions, Footprint, RuntimeCheck};
use optimist_presburger::Schedule;
use optimist_scop::ir::ArrayId;
use optimist_scop::model::Scop;
use optimist_scop::pass::PassReport;

/// The model-based version of a function and the check that selects it.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The target the plan was made for: the strategy read its limits from it. Any back end
    /// runs any plan correctly; the one it was made for runs it best.
    pub target: optimist_loopy::Target,
    /// The model after every pass, with the assumptions recorded in it.
    pub scop: Scop,
    /// The assumptions the model-based code depends on, simplified.
    pub assumptions: Assumptions,
    /// The order the model-based code follows.
    pub schedule: Schedule,
    /// The loops of `schedule` checked to be parallel or vectorizable.
    pub marks: Marks,
    /// The loop AST of `schedule`.
    pub ast: LoopAst,
    /// The run-time check: the assumptions, the parameter values where the model is the
    /// program, and the declared bounds of the arrays in `unchecked`.
    pub check: RuntimeCheck,
    /// The parameter part of `check`: the simplified assumptions, the parameter values where
    /// the model is the program, and the declared bounds of the arrays in `unchecked` (the
    /// check adds that the arrays of `assumptions.aliasing` do not overlap).
    pub check_params: optimist_presburger::Set,
    /// Arrays whose accesses go without range checks (their bounds are part of `check`).
    pub unchecked: Vec<ArrayId>,
    /// The flat elements each one-dimensional array parameter (by program index) touches,
    /// when computed (exact): compared with the buffers after the check holds, before anything
    /// is written; one outside its buffer is the caller's error.
    pub footprints: Vec<(ArrayId, Footprint)>,
    /// Footprints of arrays with several dimensions (declared or recovered by
    /// delinearization), which over-approximate what the program touches (whole rows), and of
    /// one-dimensional arrays with an access under a condition on data or an over-approximated
    /// access: native
    /// code runs the faithful code when one leaves its buffer, and otherwise accesses the array
    /// without range checks (it is in `unchecked`).
    pub fallback_footprints: Vec<(ArrayId, Footprint)>,
    /// What the schedule does, in words: a summary line, then each of `decisions` on a line.
    pub transformation: String,
    /// Every decision of the automatic strategy, typed (empty for scripts and the program's
    /// order).
    pub decisions: Vec<optimist_loopy::Decision>,
    /// Why the schedule is another than the one asked for (a failed automatic strategy).
    pub schedule_note: Option<String>,
    /// What each pass over the model did, in order.
    pub reports: Vec<PassReport>,
}

impl Plan {
    /// Everything the plan decided, as text: the transformation and its note, the model after
    /// the passes, the schedule, the marks, the loop AST and the run-time check. Two back ends
    /// given the same plan have the same dump (the differential tests compare them).
    pub fn dump(&self, f: &optimist_scop::ir::Function) -> String {
        format!(
            "target: {}\ntransformation: {}\nnote: {:?}\n{}schedule: {}\nmarks: {:?}\n{}check: {}\nunchecked: {:?}\n",
            self.target.name(),
            self.transformation,
            self.schedule_note,
            self.scop.dump(f),
            self.schedule
                .map()
                .map_or_else(|e| format!("({e})"), |m| m.to_string()),
            self.marks,
            self.ast.display(&self.scop),
            self.check_c(),
            self.unchecked,
        )
    }

    /// The loop tree of the plan decided for `target`: every execution choice the back ends
    /// carry out (threads, lanes, jam, registers, register blocks, packing, forks). The one
    /// place a plan is decided; each compilation decides once, and the emitters read only
    /// the [`crate::Decided`] it gives.
    pub fn decide(&self, target: &optimist_loopy::Target) -> crate::Decided {
        self.decide_with(target, &[])
    }

    /// [`Plan::decide`] for a function whose arrays `file_scope` are objects at file scope
    /// ([`optimist_scop::ir::Function::file_scope`]): the C compiler knows that nothing else
    /// reaches them, so lanes over them alone are lanes it finds itself.
    pub fn decide_with(
        &self,
        target: &optimist_loopy::Target,
        file_scope: &[optimist_scop::ir::ArrayId],
    ) -> crate::Decided {
        let mut decided = self.ast.decide(&self.scop, target, &self.unchecked);
        decided.as_written = self.adds_nothing(&decided, file_scope);
        decided
    }

    /// Why the code `decided` for a C target would add nothing the C compiler does not do
    /// itself (`None`: it adds something): the automatic strategy kept the program's order, no pass
    /// changed the statements (DeLICM, propagation; building the model, delinearization, the
    /// assumptions and the schedule do not count), and every loop runs in order (no threads, lanes,
    /// registers, blocks, strips, regions or packs; or, where every array is at file scope,
    /// lanes the C compiler finds itself: no threads, nothing unrolled or kept in locals).
    /// Then the optimized version is the
    /// program's loops behind a run-time check and a call, and the C compiler, given the loops
    /// where they stand, knows more of them (the extent of file-scope arrays, the values around
    /// them): the program's code is kept ([`crate::Decided::as_written`]). Native code has no
    /// such rule: its optimized version drops the range checks its faithful code makes.
    fn adds_nothing(
        &self,
        decided: &crate::Decided,
        file_scope: &[optimist_scop::ir::ArrayId],
    ) -> Option<String> {
        if !decided.target.as_written {
            return None;
        }
        // A pass's change counts unless the C compiler makes it itself (a scalar's value
        // forwarded into the same iteration: `s = b[i] * c[i]; a[i] = s + d[i];`).
        let changed = (self.reports.iter()).any(|r| {
            r.changed
                && !r.compiler_does
                && !["build", "delin", "assume", "schedule"].contains(&r.pass.as_str())
        });
        // Lanes tell the C compiler that the iterations are independent, which it proves
        // itself of arrays at file scope.
        let known = self.scop.arrays.iter().all(|a| match a.origin {
            optimist_scop::model::ArrayOrigin::Array(id) => file_scope.contains(&id),
            optimist_scop::model::ArrayOrigin::Scalar(_) => true,
        });
        // A region's scalars, which its kernel takes as one-element arrays (`optimist_io_x`):
        // a variable of the program as written, in a register there too.
        let cell = |id: optimist_scop::ir::ArrayId| {
            self.scop.arrays.iter().any(|a| {
                a.origin == optimist_scop::model::ArrayOrigin::Array(id)
                    && a.name.starts_with(optimist_scop::frontend::CELL_PREFIX)
            })
        };
        if changed || !decided.in_order(known, &cell) {
            return None;
        }
        // The automatic strategy kept the program's order (its loops, not an interchange).
        let same = self.decisions.iter().any(|d| {
            matches!(
                d,
                optimist_loopy::Decision::Schedule(optimist_loopy::ScheduleChoice::Original)
            )
        });
        same.then(|| {
            format!(
                "the program's order, every loop in order{}: C adds nothing the C compiler does not do",
                if known { " or in lanes over arrays at file scope" } else { "" }
            )
        })
    }

    /// Whether the optimized code's loops are not the program's: a schedule other than the
    /// program's order, tiles (of time too), register blocks, a loop split or interchanged
    /// ([`Plan::decisions`]). Lanes, threads and registers alone do not count.
    pub fn restructures(&self) -> bool {
        use optimist_loopy::{Decision, Departure, ScheduleChoice};
        self.decisions.iter().any(|d| match d {
            Decision::Schedule(c) => *c != ScheduleChoice::Original,
            Decision::Tiled { .. }
            | Decision::RegisterBlock { .. }
            | Decision::TimeTiles { .. } => true,
            Decision::Departed(list) => list.iter().any(|x| {
                matches!(
                    x,
                    Departure::Split(_) | Departure::Interchanged { .. } | Departure::TimeTiles
                )
            }),
            _ => false,
        })
    }

    /// [`Plan::decide`] for C: for the plan's target when it is a C target (a caller's
    /// variant of [`optimist_loopy::Target::c`]), else for `Target::c()`.
    pub fn decide_c(&self) -> crate::Decided {
        self.decide_c_with(&[])
    }

    /// [`Plan::decide_c`] with the arrays at file scope ([`Plan::decide_with`]).
    pub fn decide_c_with(&self, file_scope: &[optimist_scop::ir::ArrayId]) -> crate::Decided {
        self.decide_with(&self.c_target(), file_scope)
    }

    /// The C target [`Plan::decide_c`] decides for: the plan's when it is a C target, else
    /// `Target::c()`.
    pub fn c_target(&self) -> optimist_loopy::Target {
        match self.target.kind {
            optimist_loopy::TargetKind::C => self.target.clone(),
            optimist_loopy::TargetKind::Native => optimist_loopy::Target::c(),
        }
    }

    /// [`Plan::decide`] for native code with `options` ([`crate::NativeOptions::target`]).
    pub fn decide_native(&self, options: &crate::NativeOptions) -> crate::Decided {
        self.decide(&options.target())
    }

    /// What `optimist show ast --target` prints: the strategy's decisions as `//` comments,
    /// then the loop tree decided for `target` ([`crate::Decided::display`]).
    ///
    /// `file_scope` are the function's arrays at file scope
    /// ([`optimist_scop::ir::Function::file_scope`]), as for [`Plan::decide_with`]: the
    /// decisions printed are those the code is made with, a region kept as written included.
    pub fn show_decided(
        &self,
        target: &optimist_loopy::Target,
        file_scope: &[optimist_scop::ir::ArrayId],
    ) -> String {
        let mut out = String::new();
        for line in self.transformation.lines() {
            out.push_str("// ");
            out.push_str(line);
            out.push('\n');
        }
        out.push_str(
            &self
                .decide_with(target, file_scope)
                .display(&self.ast, &self.scop),
        );
        out
    }

    /// The run-time check in C notation: exactly the condition the compiled code evaluates.
    pub fn check_c(&self) -> String {
        self.check.to_c(&self.scop)
    }
}

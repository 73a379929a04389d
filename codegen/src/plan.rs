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
        self.ast.decide(&self.scop, target, &self.unchecked)
    }

    /// [`Plan::decide`] for C: for the plan's target when it is a C target (a caller's
    /// variant of [`optimist_loopy::Target::c`]), else for `Target::c()`.
    pub fn decide_c(&self) -> crate::Decided {
        let target = match self.target.kind {
            optimist_loopy::TargetKind::C => self.target.clone(),
            optimist_loopy::TargetKind::Native => optimist_loopy::Target::c(),
        };
        self.decide(&target)
    }

    /// [`Plan::decide`] for native code with `options` ([`crate::NativeOptions::target`]).
    pub fn decide_native(&self, options: &crate::NativeOptions) -> crate::Decided {
        self.decide(&options.target())
    }

    /// What `optimist show ast --target` prints: the strategy's decisions as `//` comments,
    /// then the loop tree decided for `target` ([`crate::Decided::display`]).
    pub fn show_decided(&self, target: &optimist_loopy::Target) -> String {
        let mut out = String::new();
        for line in self.transformation.lines() {
            out.push_str("// ");
            out.push_str(line);
            out.push('\n');
        }
        out.push_str(&self.decide(target).display(&self.ast, &self.scop));
        out
    }

    /// The run-time check in C notation: exactly the condition the compiled code evaluates.
    pub fn check_c(&self) -> String {
        self.check.to_c(&self.scop)
    }
}

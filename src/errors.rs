//! What each kind of bad input gets: a typed error or a reported bail-out, raised before
//! anything is written, never a panic or a crash of the caller's process.
//!
//! | Input | What comes back | Where |
//! | --- | --- | --- |
//! | C the front end cannot read, or that is not C | [`CError`](crate::scop::frontend::CError): file, line, column, what to change | [`parse_source`](crate::scop::frontend::parse_source), [`parse_file`](crate::scop::frontend::parse_file) |
//! | A program built wrongly through the builder | [`IrError`](crate::scop::ir::IrError) naming the variable, array or expression | [`FunctionBuilder`](crate::scop::builder::FunctionBuilder) |
//! | A function the model cannot express (data-dependent control, pointers it cannot follow) | [`Why::CannotModel`](crate::Why::CannotModel) with the place: only the faithful code runs | [`optimize`](crate::optimize) |
//! | A Loopy script that does not parse or is not legal | [`Error::Script`](crate::Error::Script) with the line and the dependence it breaks | [`optimize`](crate::optimize) with [`Strategy::Script`](crate::Strategy::Script) |
//! | An unknown pass name | [`Error::UnknownPass`](crate::Error::UnknownPass), with the known ones | [`Config::passes`](crate::Config::passes) |
//! | A budget of isl operations running out | [`Why::Budget`](crate::Why::Budget) naming the stage and the budget to raise: the faithful code runs (the strategy falls back to the program's order first) | [`Config::budgets`](crate::Config::budgets) |
//! | The deadline passing (off by default) | [`Why::Deadline`](crate::Why::Deadline), or the program's order with a note | [`Config::deadline`](crate::Config::deadline) |
//! | Assumptions that can never hold | [`Why::InfeasibleAssumptions`](crate::Why::InfeasibleAssumptions) with their dump | [`optimize`](crate::optimize) |
//! | isl failing inside a stage | [`Why::Isl`](crate::Why::Isl): the optimization is lost, the program is not | [`optimize`](crate::optimize) |
//! | isl crashing (C code; none known in optimist's isl) | with [`Config::isolate`](crate::Config::isolate): [`Why::Crashed`](crate::Why::Crashed), the caller's process lives | [`isolate`](crate::isolate) |
//! | Arguments of the wrong type, count or name; a read-only slice for an array the kernel writes | [`KernelError::BadArguments`](crate::codegen::KernelError::BadArguments), before any code runs | [`Signature::call`](crate::codegen::Signature::call), [`Kernel::call`](crate::Kernel::call) |
//! | A buffer shorter than its array's declared shape | [`KernelError::TooSmall`](crate::codegen::KernelError::TooSmall), before anything is written | the same |
//! | A buffer too short for what an array without a declared size reaches | [`KernelError::OutOfBounds`](crate::codegen::KernelError::OutOfBounds); every buffer as it was before the call | the same |
//! | Division by zero, a failing pure function | [`KernelError::Division`](crate::codegen::KernelError::Division), [`KernelError::Call`](crate::codegen::KernelError::Call); buffers restored | the same |
//! | A C entry's Rust type that is not the kernel's C signature | [`KernelError::BadArguments`](crate::codegen::KernelError::BadArguments) naming the parameter | [`CEntry::typed`](crate::codegen::CEntry::typed), [`check_entry_type`](crate::codegen::check_entry_type) |
//! | A kernel defined twice in one module, or named like a function its code calls | [`CodegenError::Unsupported`](crate::codegen::CodegenError::Unsupported) | [`define_kernel`](crate::codegen::define_kernel) |
//! | A C file whose regions cannot all be rewritten | each region reported with its file and line, the rest rewritten | [`rewrite_c`](crate::rewrite_c) |
//!
//! A JIT module of the embedder's own needs no symbol of optimist's bound:
//! [`define_kernel`](crate::codegen::define_kernel) with
//! [`Runtime::Process`](crate::codegen::Runtime::Process) defines the run time in the module,
//! so `finalize_definitions` has nothing of optimist's to miss.

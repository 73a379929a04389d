//! The inputs `optimist run` gives a kernel and the hashes it prints: a contract users rely on to
//! reproduce results outside the tool, and every backend's tests rely on to compare.
//!
//! - Every scalar parameter gets its value from `--set NAME=VALUE`.
//! - An array's length comes from its declared shape and the parameters; an array with an
//!   unknown outermost size (a pointer, `A[][m]`) needs `--len NAME=N` (elements). A `--len`
//!   shorter than the declared shape is refused (every back end refuses such a buffer).
//! - The array parameter at position `a` among the array and pointer parameters (declaration
//!   order, 0-based) holds, at flat element `k`, `((k*7 + a*3) % 17 + 1) / 16.0` for floating
//!   types and `(k*7 + a*3) % 17` for integer types; `--array NAME=V0,V1,...` overrides the first
//!   values; `--alias B=A+1` makes `B` point one element into `A`'s buffer (it still counts in
//!   the numbering, and owns no buffer); without `--len A=N`, `A`'s buffer is then long enough
//!   for `B`'s declared shape too.
//! - The output is one `NAME HASH` line per array parameter that owns its buffer, in declaration
//!   order: the 64-bit FNV-1a hash of its bytes after the run, as 16 lowercase hex digits; then,
//!   for a function that returns a value, `return HASH`, the hash of the value's bytes
//!   (little-endian, the size of its type).
//!
//! # Design notes
//!
//! - **Workload** (`workload.rs`). The contract of `optimist run`: `--set`, `--len`, `--array`,
//!   `--alias`, the generated input formula, and FNV-1a hashes of every array that owns its buffer.

use crate::interp::{self, Args, Binding, Buffer, Value};
use crate::ir::{ArrayId, Dim, Function};
use crate::types::Type;

/// A bad `--set`, `--len`, `--array` or `--alias`, or one that does not fit the function.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct WorkloadError(pub String);

/// What the user asked for: parameter values, lengths, initial values and aliases.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RunSpec {
    /// `--set NAME=VALUE`.
    pub sets: Vec<(String, String)>,
    /// `--len ARRAY=N`.
    pub lens: Vec<(String, String)>,
    /// `--array ARRAY=V0,V1,...`.
    pub arrays: Vec<(String, String)>,
    /// `--alias B=A+OFFSET`.
    pub aliases: Vec<(String, String)>,
}

impl RunSpec {
    /// The `--array` values given for `array`, in order.
    pub fn values<'s>(&'s self, array: &str) -> Option<impl Iterator<Item = &'s str> + 's> {
        let (_, values) = self.arrays.iter().find(|(n, _)| *n == array)?;
        Some(values.split(',').map(str::trim).filter(|v| !v.is_empty()))
    }

    /// Reads `--set`, `--len`, `--array` and `--alias` options (each followed by its value);
    /// anything else is an error.
    pub fn parse_args<S: AsRef<str>>(args: &[S]) -> Result<RunSpec, WorkloadError> {
        let mut spec = RunSpec::default();
        let mut it = args.iter().map(AsRef::as_ref);
        while let Some(flag) = it.next() {
            let value = it
                .next()
                .ok_or_else(|| WorkloadError(format!("`{flag}` needs a value")))?;
            if !spec.take(flag, value)? {
                return Err(WorkloadError(format!("unknown option `{flag}`")));
            }
        }
        Ok(spec)
    }

    /// Records one option; `false` when `flag` is not one of the four.
    pub fn take(&mut self, flag: &str, value: &str) -> Result<bool, WorkloadError> {
        let list = match flag {
            "--set" => &mut self.sets,
            "--len" => &mut self.lens,
            "--array" => &mut self.arrays,
            "--alias" => &mut self.aliases,
            _ => return Ok(false),
        };
        let (name, v) = value
            .split_once('=')
            .ok_or_else(|| WorkloadError(format!("`{flag} {value}`: expected NAME=VALUE")))?;
        list.push((name.trim().to_string(), v.trim().to_string()));
        Ok(true)
    }
}

/// Generated arguments for one function, ready to run and to hash.
#[derive(Clone, Debug)]
pub struct Workload {
    /// The arguments, buffers filled with the generated inputs.
    pub args: Args,
    /// The array parameters that own their buffer, with that buffer, in declaration order.
    pub owners: Vec<(ArrayId, usize)>,
    /// The buffers as generated, to regenerate inputs between repeated runs.
    initial: Vec<Buffer>,
}

fn parse_value(text: &str, ty: Type, what: &str) -> Result<Value, WorkloadError> {
    let bad = || WorkloadError(format!("{what}: `{text}` is not a value of type {ty}"));
    Ok(match ty {
        Type::F32 => Value::F32(text.parse().map_err(|_| bad())?),
        Type::F64 => Value::F64(text.parse().map_err(|_| bad())?),
        t => {
            let v: i128 = text.parse().map_err(|_| bad())?;
            if v < t.min_int() || v > t.max_int() {
                return Err(bad());
            }
            Value::Int(v)
        }
    })
}

/// The arguments of `f` with the scalar parameters' values of `spec` (`--set`), each one given.
fn scalar_args(f: &Function, spec: &RunSpec) -> Result<Args, WorkloadError> {
    let mut args = Args {
        scalars: crate::id::IdVec::filled(f.vars.len(), None),
        buffers: Vec::new(),
        bindings: crate::id::IdVec::filled(f.arrays.len(), None),
        returned: None,
    };
    for (name, value) in &spec.sets {
        let v = f
            .scalar_params()
            .find(|&v| f.var(v).name == *name)
            .ok_or_else(|| {
                WorkloadError(format!(
                    "`--set {name}=...`: `{name}` is not a scalar parameter"
                ))
            })?;
        args.scalars[v] = Some(parse_value(value, f.var(v).ty, &format!("--set {name}"))?);
    }
    let missing: Vec<&str> = f
        .scalar_params()
        .filter(|&v| args.scalars[v].is_none())
        .map(|v| f.var(v).name.as_str())
        .collect();
    if !missing.is_empty() {
        return Err(WorkloadError(format!(
            "missing parameter values: {} (give each with --set NAME=VALUE)",
            missing.join(", ")
        )));
    }
    Ok(args)
}

/// The array parameter of `f` called `name`, given with `flag`.
fn array_param(f: &Function, name: &str, flag: &str) -> Result<ArrayId, WorkloadError> {
    f.array_params()
        .find(|&a| f.array(a).name == name)
        .ok_or_else(|| {
            WorkloadError(format!(
                "`{flag} {name}=...`: `{name}` is not an array parameter"
            ))
        })
}

/// The arrays `spec` makes point into another one's buffer (`--alias B=A+OFFSET`): `B` to
/// `(A, OFFSET)`.
fn aliases_of(
    f: &Function,
    spec: &RunSpec,
) -> Result<std::collections::HashMap<ArrayId, (ArrayId, usize)>, WorkloadError> {
    let mut aliases = std::collections::HashMap::new();
    for (name, target) in &spec.aliases {
        let b = array_param(f, name, "--alias")?;
        let (base, offset) = match target.split_once('+') {
            Some((base, off)) => (
                base.trim(),
                off.trim()
                    .parse::<usize>()
                    .map_err(|_| WorkloadError(format!("`--alias {name}={target}`: bad offset")))?,
            ),
            None => (target.trim(), 0),
        };
        let a = array_param(f, base, "--alias")?;
        if f.array(a).elem != f.array(b).elem {
            return Err(WorkloadError(format!(
                "`--alias {name}={target}`: element types differ"
            )));
        }
        aliases.insert(b, (a, offset));
    }
    Ok(aliases)
}

impl Workload {
    /// Builds the arguments of `f` from `spec` by the contract in the module documentation.
    pub fn generate(f: &Function, spec: &RunSpec) -> Result<Workload, WorkloadError> {
        let mut args = scalar_args(f, spec)?;
        let aliases = aliases_of(f, spec)?;
        let mut owners = Vec::new();
        for (position, a) in f.array_params().enumerate() {
            if aliases.contains_key(&a) {
                continue;
            }
            let arr = f.array(a);
            let len = match spec.lens.iter().find(|(n, _)| *n == arr.name) {
                Some((_, l)) => {
                    let len = l.parse::<usize>().map_err(|_| {
                        WorkloadError(format!("`--len {}={l}`: not a length", arr.name))
                    })?;
                    // A length shorter than the declared shape: refused before anything runs,
                    // by every back end alike.
                    if let Ok(Some(need)) = interp::declared_len(f, &args, a)
                        && (len as u128) < need
                    {
                        return Err(WorkloadError(format!(
                            "`--len {}={l}`: its declared shape needs {need} elements at these parameters: give at least {need}, or no --len",
                            arr.name
                        )));
                    }
                    len
                }
                None => {
                    let mut total: i128 = 1;
                    for d in &arr.dims {
                        let n = match d {
                            Dim::Const(n) => i128::from(*n),
                            Dim::Expr(e) => match interp::eval_params(f, &args, e)
                                .map_err(|e| WorkloadError(e.to_string()))?
                            {
                                Value::Int(n) => n,
                                _ => {
                                    return Err(WorkloadError(format!(
                                        "size of `{}` is not an integer",
                                        arr.name
                                    )));
                                }
                            },
                            Dim::Unknown => {
                                return Err(WorkloadError(format!(
                                    "`{}` has no size in its declaration: give its length with --len {}=N",
                                    arr.name, arr.name
                                )));
                            }
                        };
                        total = total.saturating_mul(n.max(0));
                    }
                    // Arrays aliased into this one's buffer (`--alias B=A+OFFSET`) find
                    // their declared shapes there too.
                    for (&b, &(base, offset)) in &aliases {
                        if base == a
                            && let Ok(Some(need)) = interp::declared_len(f, &args, b)
                        {
                            total = total.max((need as i128).saturating_add(offset as i128));
                        }
                    }
                    usize::try_from(total)
                        .ok()
                        .filter(|&t| t <= 1 << 31)
                        .ok_or_else(|| {
                            WorkloadError(format!(
                                "`{}` would have {total} elements: too large",
                                arr.name
                            ))
                        })?
                }
            };
            let mut buf = Buffer::zeroed(arr.elem, len);
            for k in 0..len {
                let base = (k as u64 * 7 + position as u64 * 3) % 17;
                let v = if arr.elem.is_float() {
                    let x = (base + 1) as f64 / 16.0;
                    if arr.elem == Type::F32 {
                        Value::F32(x as f32)
                    } else {
                        Value::F64(x)
                    }
                } else {
                    Value::Int(i128::from(base))
                };
                buf.set(k, v);
            }
            args.buffers.push(buf);
            args.bindings[a] = Some(Binding {
                buffer: args.buffers.len() - 1,
                offset: 0,
            });
            owners.push((a, args.buffers.len() - 1));
        }
        for (name, _) in spec.arrays.iter().chain(&spec.lens) {
            array_param(f, name, "--array/--len")?;
        }
        for (&b, &(a, offset)) in &aliases {
            let Some(target) = args.bindings[a] else {
                return Err(WorkloadError(format!(
                    "`--alias {}`: `{}` is itself an alias",
                    f.array(b).name,
                    f.array(a).name
                )));
            };
            if offset > args.buffers[target.buffer].len() {
                return Err(WorkloadError(format!(
                    "`--alias {}`: offset {offset} is past the end of `{}`",
                    f.array(b).name,
                    f.array(a).name
                )));
            }
            args.bindings[b] = Some(Binding {
                buffer: target.buffer,
                offset: target.offset + offset,
            });
        }
        // `--array` values, into the memory each array points to (its own buffer, or the one it
        // aliases), after every buffer was filled.
        for a in f.array_params() {
            let arr = f.array(a);
            let (Some(values), Some(binding)) = (spec.values(&arr.name), args.bindings[a]) else {
                continue;
            };
            let buf = &mut args.buffers[binding.buffer];
            let len = buf.len() - binding.offset.min(buf.len());
            for (k, text) in values.enumerate() {
                if k >= len {
                    return Err(WorkloadError(format!(
                        "`--array {}`: more values than its {len} elements",
                        arr.name
                    )));
                }
                buf.set(
                    binding.offset + k,
                    parse_value(text, arr.elem, &format!("--array {}", arr.name))?,
                );
            }
        }
        let initial = args.buffers.clone();
        Ok(Workload {
            args,
            owners,
            initial,
        })
    }

    /// Restores the generated inputs (for repeated timed runs).
    pub fn regenerate(&mut self) {
        self.args.buffers.clone_from(&self.initial);
    }

    /// A C program that fills buffers by the same contract (written again in C), calls
    /// `function` from the file `include` (a path for `#include`), and prints the same `NAME HASH`
    /// lines: how a user reproduces a result with any C compiler, and how the tests compare
    /// backends with `cc`. `function` defaults to `f.name` (another compiled version of `f` may
    /// have another name). `harness` adds the version line, repetitions and timing. The call
    /// goes through a `volatile` function pointer, so that the compiler compiles the kernel as
    /// the function a user's program calls, not inlined into the harness with the sizes as
    /// constants (which changes what an optimizer like Polly does with it).
    pub fn c_harness(
        &self,
        f: &Function,
        spec: &RunSpec,
        include: &str,
        function: Option<&str>,
        harness: &Harness,
    ) -> String {
        use std::fmt::Write;
        let mut c = String::new();
        c.push_str(
            "#include <stdio.h>\n#include <stdlib.h>\n#include <stdint.h>\n#include <time.h>\n",
        );
        let _ = writeln!(c, "#include \"{include}\"");
        c.push_str(
            "static uint64_t optimist_fnv1a(const void *p, size_t n) {\n  const unsigned char *b = p;\n  uint64_t h = 0xcbf29ce484222325ull;\n  for (size_t i = 0; i < n; i++) { h ^= b[i]; h *= 0x100000001b3ull; }\n  return h;\n}\n",
        );
        c.push_str(
            "static int optimist_cmp(const void *a, const void *b) {\n  double x = *(const double *)a, y = *(const double *)b;\n  return (x > y) - (x < y);\n}\nint main(void) {\n",
        );
        let repeat = harness.repeat.max(1);
        let array_params: Vec<ArrayId> = f.array_params().collect();
        // The value a function returns, kept from the last run.
        let returns = f.ret.map(|r| f.array(r).elem.c_name());
        if let Some(t) = returns {
            let _ = writeln!(c, "  {t} optimist_value = 0;");
        }
        for &(a, b) in &self.owners {
            let len = self.args.buffers[b].len();
            let t = f.array(a).elem.c_name();
            let _ = writeln!(c, "  {t} *buf{b} = malloc({len} * sizeof({t}) + 1);");
        }
        let _ = writeln!(
            c,
            "  static double optimist_times[{repeat}];\n  for (int optimist_run = 0; optimist_run < {repeat}; optimist_run++) {{"
        );
        // Every run starts from the generated inputs.
        for &(a, b) in &self.owners {
            let arr = f.array(a);
            let position = array_params
                .iter()
                .position(|&x| x == a)
                .unwrap_or_default();
            let len = self.args.buffers[b].len();
            let t = arr.elem.c_name();
            if arr.elem.is_float() {
                let _ = writeln!(
                    c,
                    "    for (long k = 0; k < {len}; k++) buf{b}[k] = ({t})(((k * 7 + {position} * 3) % 17 + 1) / 16.0);"
                );
            } else {
                let _ = writeln!(
                    c,
                    "    for (long k = 0; k < {len}; k++) buf{b}[k] = ({t})((k * 7 + {position} * 3) % 17);"
                );
            }
        }
        // `--array` values, into the memory each array points to (as `generate` does).
        for a in f.array_params() {
            let (Some(b), Some(values)) = (self.args.bindings[a], spec.values(&f.array(a).name))
            else {
                continue;
            };
            let t = f.array(a).elem.c_name();
            for (k, v) in values.enumerate() {
                let _ = writeln!(c, "    buf{}[{}] = ({t})({v});", b.buffer, b.offset + k);
            }
        }
        let args: Vec<String> = f
            .params
            .iter()
            .map(|p| match *p {
                crate::ir::Param::Scalar(v) => match self.args.scalars[v] {
                    Some(Value::Int(x)) => format!("({})({x}LL)", f.var(v).ty.c_name()),
                    Some(Value::F64(x)) => format!("{x:e}"),
                    Some(Value::F32(x)) => format!("{x:e}f"),
                    None => "0".into(),
                },
                crate::ir::Param::Array(a) => match self.args.bindings[a] {
                    Some(b) => format!("(void *)(buf{} + {})", b.buffer, b.offset),
                    None => "0".into(),
                },
            })
            .collect();
        let _ = writeln!(
            c,
            "    struct timespec t0, t1;\n    __typeof__({0}) *volatile optimist_call = {0};\n    clock_gettime(CLOCK_MONOTONIC, &t0);\n    {2}optimist_call({1});\n    clock_gettime(CLOCK_MONOTONIC, &t1);\n    optimist_times[optimist_run] = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) * 1e-9;\n  }}",
            function.unwrap_or(&f.name),
            args.join(", "),
            if returns.is_some() {
                "optimist_value = "
            } else {
                ""
            }
        );
        match harness.version {
            VersionLine::None => {}
            VersionLine::Fallback => c.push_str("  printf(\"version fallback\\n\");\n"),
            VersionLine::Versioned => {
                let _ = writeln!(
                    c,
                    "  printf(\"version %s\\n\", {}_version ? \"optimized\" : \"fallback\");",
                    function.unwrap_or(&f.name)
                );
            }
        }
        for &(a, b) in &self.owners {
            let len = self.args.buffers[b].len();
            let t = f.array(a).elem.c_name();
            let _ = writeln!(
                c,
                "  printf(\"%s %016llx\\n\", \"{}\", (unsigned long long)optimist_fnv1a(buf{b}, {len} * sizeof({t})));",
                f.array(a).name
            );
        }
        if let Some(t) = returns {
            let _ = writeln!(
                c,
                "  printf(\"return %016llx\\n\", (unsigned long long)optimist_fnv1a(&optimist_value, sizeof({t})));"
            );
        }
        if harness.time {
            let _ = writeln!(
                c,
                "  qsort(optimist_times, {repeat}, sizeof(double), optimist_cmp);\n  printf(\"time_s %.9f\\n\", optimist_times[{}]);",
                repeat / 2
            );
        }
        c.push_str("  return 0;\n}\n");
        c
    }

    /// `(NAME, HASH)` for every array parameter that owns its buffer, in declaration order,
    /// then `("return", HASH)` for the value a function returns (the hash of its bytes), when
    /// the run left one.
    pub fn hashes(&self, f: &Function) -> Vec<(String, u64)> {
        let mut out: Vec<(String, u64)> = self
            .owners
            .iter()
            .map(|&(a, b)| (f.array(a).name.clone(), self.args.buffers[b].fnv1a()))
            .collect();
        if let (Some(r), Some(v)) = (f.ret, self.args.returned) {
            let mut b = Buffer::zeroed(f.array(r).elem, 1);
            b.set(0, v);
            out.push(("return".into(), b.fnv1a()));
        }
        out
    }
}

/// What a C harness ([`Workload::c_harness`]) prints besides the hashes.
#[derive(Clone, Debug, Default)]
pub struct Harness {
    /// The version line printed before the hashes.
    pub version: VersionLine,
    /// Runs (each from the generated inputs); the hashes are those of the last. 0 counts as 1.
    pub repeat: usize,
    /// Print `time_s` with the median time of one call.
    pub time: bool,
}

/// The version line of a C harness.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum VersionLine {
    /// None.
    #[default]
    None,
    /// `version fallback` (the original source).
    Fallback,
    /// `version optimized` or `version fallback`, as the versioned program's
    /// `NAME_version` says (`NAME` the function the harness calls).
    Versioned,
}

//! optimist's code inside other compilers' builds: relocatable objects
//! (`optimist_codegen::object_code`, `optimist compile`) linked with C programs by `cc`, the
//! JIT's C entry (`Kernel::entry`), and the thread pool kernels share. Every corpus kernel's
//! object gives the interpreter's bits; a C program linked with objects computes what it
//! computes with the original kernels compiled by `cc`; errors follow the documented
//! convention.

use optimist::{Config, NativeOptions, Strategy};
use optimist_scop::frontend::{self, FrontendConfig};
use std::path::{Path, PathBuf};
use std::process::Command;

mod common;

use common::{cc, corpus, interpreter_hashes, run_spec};

/// Every corpus kernel as an object (the automatic strategy on two threads and on one, and
/// the faithful code alone), linked with the run contract's harness: the interpreter's hashes.
#[test]
fn object_code_matches_the_interpreter_on_every_kernel() {
    let Some(cc) = cc() else {
        eprintln!("no C compiler: object code is not checked");
        return;
    };
    let (mut optimized, mut failures) = (0, Vec::new());
    for path in corpus() {
        let name = common::kernel_name(&path);
        let f = frontend::parse_file(&path, &FrontendConfig::default()).unwrap();
        let spec = run_spec(&path);
        let ours = interpreter_hashes(&f, &spec);
        let two = NativeOptions {
            threads: 2,
            ..NativeOptions::default()
        };
        let configs = [
            ("auto_2t", Some(two)),
            ("auto_1t", Some(NativeOptions::sequential())),
            ("faithful", None),
        ];
        for (label, native) in configs {
            let name = format!("{name}_{label}");
            let object = match native {
                Some(native) => {
                    let config = Config {
                        native,
                        ..Config::with(Strategy::default())
                    };
                    optimist::compile_object(&f, &config).map(|(o, _)| o)
                }
                None => optimist::codegen::object_code(&f, None, &NativeOptions::sequential())
                    .map_err(optimist::Error::from),
            };
            let object = match object {
                Ok(o) => o,
                // Pure functions bound in this process only: object code cannot call them.
                Err(e) if e.to_string().contains("cannot call the pure function") => continue,
                Err(e) => panic!("{name}: {e}"),
            };
            let (theirs, version) = common::object_run(&cc, &name, &f, &spec, &object);
            if ours != theirs {
                failures.push(format!(
                    "{name}:\n  interpreter {ours:?}\n  object {theirs:?}"
                ));
            }
            optimized += usize::from(version == "optimized");
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(
        optimized >= 60,
        "only {optimized} objects ran optimized code"
    );
}

/// The front end's configuration for the function `name`.
fn function(name: &str) -> FrontendConfig {
    FrontendConfig {
        function: Some(name.into()),
        ..Default::default()
    }
}

/// A directory of its own for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("optimist-object-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Compiles `sources` (and `objects`) with `cc` into a program, runs it: its status and output.
fn build_and_run(cc: &str, dir: &Path, sources: &[PathBuf], flags: &[&str]) -> (i32, String) {
    let exe = dir.join("program");
    let out = Command::new(cc)
        .args(["-O2", "-ffp-contract=off", "-o"])
        .arg(&exe)
        .args(sources)
        .args(flags)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "cc failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let run = Command::new(&exe)
        .env("OMP_NUM_THREADS", "2")
        .output()
        .unwrap();
    (
        run.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&run.stdout).into_owned(),
    )
}

/// The kernels the C programs below call: a product, a time-stepped stencil and a dot product
/// that returns its value.
const KERNELS: &str = "\
void mm(int n, int m, int p, double A[n][p], double B[p][m], double C[n][m]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      C[i][j] = 0.0;
      for (int k = 0; k < p; k++)
        C[i][j] += A[i][k] * B[k][j];
    }
}
void jacobi(int steps, int n, double A[n], double B[n]) {
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
    for (int i = 1; i < n - 1; i++)
      A[i] = B[i];
  }
}
double dot(int n, float X[n], float Y[n]) {
  double s = 0.0;
  for (int i = 0; i < n; i++)
    s += (double)X[i] * Y[i];
  return s;
}
";

/// A C program calling the three kernels on data it computes, printing every result's bits.
const MAIN: &str = r#"
#include <stdio.h>
#include <stdint.h>
#include <string.h>
static uint64_t bits(double x) { uint64_t b; memcpy(&b, &x, 8); return b; }
static double A[300][250], B[250][270], C[300][270], S[5000], T[5000];
static float X[777], Y[777];
int main(void) {
  for (int i = 0; i < 300; i++) for (int k = 0; k < 250; k++) A[i][k] = (i * 7 + k * 3) % 17 / 7.0;
  for (int k = 0; k < 250; k++) for (int j = 0; j < 270; j++) B[k][j] = (k * 5 + j) % 13 / 3.0;
  for (int i = 0; i < 5000; i++) S[i] = (i % 101) / 10.0;
  for (int i = 0; i < 777; i++) { X[i] = i / 3.0f; Y[i] = (777 - i) / 7.0f; }
  mm(300, 270, 250, A, B, C);
  jacobi(40, 5000, S, T);
  double d = dot(777, X, Y);
  uint64_t h = 1469598103934665603ull;
  for (int i = 0; i < 300; i++) for (int j = 0; j < 270; j++) h = (h ^ bits(C[i][j])) * 1099511628211ull;
  printf("mm %016llx\n", (unsigned long long)h);
  h = 1469598103934665603ull;
  for (int i = 0; i < 5000; i++) h = (h ^ bits(S[i])) * 1099511628211ull;
  printf("jacobi %016llx\n", (unsigned long long)h);
  printf("dot %016llx\n", (unsigned long long)bits(d));
  return 0;
}
"#;

/// Objects (with their headers) linked with a C `main` by `cc` give the bits of the original
/// kernels compiled by `cc` (`cli/tests` does the same through `optimist compile`).
#[test]
fn a_c_program_linked_with_objects_computes_the_originals_bits() {
    let Some(cc) = cc() else {
        eprintln!("no C compiler: object code is not checked");
        return;
    };
    let dir = scratch("main");
    let kernels = dir.join("kernels.c");
    std::fs::write(&kernels, KERNELS).unwrap();
    let main = dir.join("main.c");
    // The original: the kernels compiled by cc with the program.
    std::fs::write(&main, format!("{KERNELS}{MAIN}")).unwrap();
    let (status, original) = build_and_run(&cc, &dir, std::slice::from_ref(&main), &["-lm"]);
    assert_eq!(status, 0);
    assert_eq!(original.lines().count(), 3, "{original}");
    // Through optimist: one object per kernel, the headers included by the program.
    let mut includes = String::new();
    let mut sources = vec![main.clone()];
    for (name, threads) in [("mm", 2), ("jacobi", 2), ("dot", 1)] {
        let f = frontend::parse_file(&kernels, &function(name)).unwrap();
        let config = Config {
            native: NativeOptions {
                threads,
                ..NativeOptions::default()
            },
            ..Config::default()
        };
        let (object, outcome) = optimist::compile_object(&f, &config).unwrap();
        assert!(outcome.plan().is_some(), "{name} is not optimized");
        let path = dir.join(format!("{name}.o"));
        std::fs::write(&path, &object.bytes).unwrap();
        let header = dir.join(format!("{name}.h"));
        std::fs::write(&header, &object.header).unwrap();
        includes.push_str(&format!("#include \"{}\"\n", header.display()));
        sources.push(path);
    }
    std::fs::write(&main, format!("{includes}{MAIN}")).unwrap();
    let (status, ours) = build_and_run(&cc, &dir, &sources, &["-lm", "-fopenmp"]);
    assert_eq!(status, 0);
    assert_eq!(ours, original);
    std::fs::remove_dir_all(&dir).ok();
}

/// Errors: `NAME_status` returns the status, `NAME` calls the hook `optimist_error`, which a
/// program may define; the default hook aborts.
#[test]
fn object_code_reports_errors_by_status_and_hook() {
    let Some(cc) = cc() else {
        eprintln!("no C compiler: object code is not checked");
        return;
    };
    let dir = scratch("errors");
    let src = "void divide(int n, int d, int A[n]) {\n  for (int i = 0; i < n; i++)\n    A[i] = A[i] / d;\n}\n";
    let f = frontend::parse_source("divide.c", src, None, &FrontendConfig::default()).unwrap();
    let (object, _) = optimist::compile_object(&f, &Config::default()).unwrap();
    assert!(
        object
            .header
            .contains("void divide(int n, int d, int A[n]);"),
        "{}",
        object.header
    );
    assert!(
        object
            .header
            .contains("int divide_status(int n, int d, int A[n]);")
    );
    let obj = dir.join("divide.o");
    std::fs::write(&obj, &object.bytes).unwrap();
    let h = dir.join("divide.h");
    std::fs::write(&h, &object.header).unwrap();
    let program = |hook: &str| {
        format!(
            "#include <stdio.h>\n#include \"{}\"\n{hook}\nint main(void) {{\n  int A[4] = {{8, 12, 16, 20}};\n  int s = divide_status(4, 4, A);\n  printf(\"%d %d %d\\n\", s, A[0], A[3]);\n  s = divide_status(4, 0, A);\n  printf(\"%#x\\n\", s);\n  fflush(stdout);\n  divide(4, 0, A);\n  printf(\"after\\n\");\n  return 0;\n}}\n",
            h.display()
        )
    };
    let main = dir.join("main.c");
    // With the program's own hook, the call returns after it ran.
    std::fs::write(
        &main,
        program("void optimist_error(int status) { printf(\"hook %#x\\n\", status); }"),
    )
    .unwrap();
    let (status, out) = build_and_run(&cc, &dir, &[main.clone(), obj.clone()], &["-lm"]);
    assert_eq!(status, 0, "{out}");
    // Division is status 2; the faithful code may have run (bit 8).
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "0 2 5");
    assert!(lines[1] == "0x2" || lines[1] == "0x102", "{out}");
    assert!(lines[2] == "hook 0x2" || lines[2] == "hook 0x102", "{out}");
    assert_eq!(lines[3], "after");
    // With the default hook, the program aborts at the error.
    std::fs::write(&main, program("")).unwrap();
    let (status, out) = build_and_run(&cc, &dir, &[main, obj], &["-lm"]);
    assert_ne!(status, 0, "{out}");
    assert!(!out.contains("after"), "{out}");
    std::fs::remove_dir_all(&dir).ok();
}

/// The JIT's C entry: the kernel called through a raw function pointer with the source's C
/// signature gives what `Kernel::call` gives; an error is recorded for `take_entry_error`.
#[test]
fn the_jit_kernels_c_entry_is_the_source_signature() {
    use optimist::codegen::{ArrayArg, Status, take_entry_error};
    use optimist_scop::interp::Value;
    let f = frontend::parse_source("k.c", KERNELS, None, &function("mm")).unwrap();
    let compiled = optimist::compile(&f, &Config::default()).unwrap();
    let kernel = &compiled.kernel;
    assert!(
        kernel
            .entry()
            .prototypes()
            .starts_with("void mm(int n, int m, int p, double A[n][p]")
    );
    let (n, m, p) = (37usize, 41usize, 29usize);
    let a: Vec<f64> = (0..n * p).map(|x| (x % 11) as f64 / 3.0).collect();
    let b: Vec<f64> = (0..p * m).map(|x| (x % 7) as f64 / 5.0).collect();
    let (mut a1, mut b1, mut c1) = (a.clone(), b.clone(), vec![0.0; n * m]);
    kernel
        .call(
            &[
                ("n", Value::Int(n as i128)),
                ("m", Value::Int(m as i128)),
                ("p", Value::Int(p as i128)),
            ],
            &mut [
                ("A", ArrayArg::F64(&mut a1)),
                ("B", ArrayArg::F64(&mut b1)),
                ("C", ArrayArg::F64(&mut c1)),
            ],
        )
        .unwrap();
    type Mm = unsafe extern "C" fn(i32, i32, i32, *mut f64, *mut f64, *mut f64);
    let (mut a2, mut b2, mut c2) = (a, b, vec![1.0; n * m]);
    // SAFETY: the prototype above is this signature; the buffers hold the declared sizes and
    // nothing else uses them during the call.
    unsafe {
        let mm = std::mem::transmute::<*const u8, Mm>(kernel.entry().address());
        mm(
            n as i32,
            m as i32,
            p as i32,
            a2.as_mut_ptr(),
            b2.as_mut_ptr(),
            c2.as_mut_ptr(),
        );
    }
    assert_eq!(take_entry_error(), None);
    assert!(c1.iter().zip(&c2).all(|(x, y)| x.to_bits() == y.to_bits()));
    // A value and an error through the entries.
    let f = frontend::parse_source("k.c", KERNELS, None, &function("dot")).unwrap();
    let compiled = optimist::compile(&f, &Config::default()).unwrap();
    let entry = compiled.kernel.entry();
    let (mut x, mut y) = (vec![1.5f32, 2.0, 4.0], vec![2.0f32, 0.25, 1.0]);
    type Dot = unsafe extern "C" fn(i32, *mut f32, *mut f32) -> f64;
    type DotStatus = unsafe extern "C" fn(i32, *mut f32, *mut f32, *mut f64) -> i32;
    // SAFETY: as above.
    unsafe {
        let dot = std::mem::transmute::<*const u8, Dot>(entry.address());
        assert_eq!(dot(3, x.as_mut_ptr(), y.as_mut_ptr()), 7.5);
        let status = std::mem::transmute::<*const u8, DotStatus>(entry.status_address());
        let mut value = 0.0;
        assert_eq!(
            status(3, x.as_mut_ptr(), y.as_mut_ptr(), &mut value) & !0x100,
            0
        );
        assert_eq!(value, 7.5);
    }
    let src = "void divide(int n, int d, int A[n]) {\n  for (int i = 0; i < n; i++)\n    A[i] = A[i] / d;\n}\n";
    let f = frontend::parse_source("d.c", src, None, &FrontendConfig::default()).unwrap();
    let compiled = optimist::compile(&f, &Config::default()).unwrap();
    let mut v = [6i32, 9];
    type Divide = unsafe extern "C" fn(i32, i32, *mut i32);
    // SAFETY: as above.
    unsafe {
        let divide = std::mem::transmute::<*const u8, Divide>(compiled.kernel.entry().address());
        divide(2, 3, v.as_mut_ptr());
        assert_eq!(take_entry_error(), None);
        assert_eq!(v, [2, 3]);
        divide(2, 0, v.as_mut_ptr());
    }
    assert_eq!(take_entry_error(), Some(Status::Division));
    assert_eq!(take_entry_error(), None);
}

/// Kernels compiled for the same thread count share the process's pool; an embedder's pool
/// is used as given.
#[test]
fn kernels_share_one_pool() {
    let f = frontend::parse_source("k.c", KERNELS, None, &function("mm")).unwrap();
    let two = NativeOptions {
        threads: 2,
        ..NativeOptions::default()
    };
    let config = Config {
        native: two.clone(),
        ..Config::default()
    };
    let a = optimist::compile(&f, &config).unwrap().kernel;
    let b = optimist::compile(&f, &config).unwrap().kernel;
    let (pa, pb) = (a.pool().expect("mm forks"), b.pool().expect("mm forks"));
    assert_eq!(pa, pb);
    assert_eq!(pa.threads(), 2);
    let own = optimist::codegen::Pool::new(2).unwrap();
    let config = Config {
        native: NativeOptions {
            pool: Some(own.clone()),
            ..two
        },
        ..Config::default()
    };
    let c = optimist::compile(&f, &config).unwrap().kernel;
    assert_eq!(c.pool(), Some(&own));
    assert_ne!(c.pool(), Some(pa));
    // One thread: no pool.
    let config = Config {
        native: NativeOptions::sequential(),
        ..Config::default()
    };
    assert!(
        optimist::compile(&f, &config)
            .unwrap()
            .kernel
            .pool()
            .is_none()
    );
}

/// A kernel may be named like a function its code calls (`free`, `log`): the JIT's entries
/// are named apart and it runs; an object, whose entry must carry that name, is refused with
/// the reason.
#[test]
fn a_kernel_named_like_the_c_library() {
    use optimist::codegen::ArrayArg;
    use optimist_scop::interp::Value;
    let src = "void free(int n, double A[n]) {\n  for (int i = 0; i < n; i++)\n    A[i] = 2.0 * A[i];\n}\n";
    let f = frontend::parse_source("free.c", src, None, &FrontendConfig::default()).unwrap();
    let compiled = optimist::compile(&f, &Config::default()).unwrap();
    let mut a = vec![1.0, 2.5];
    compiled
        .kernel
        .call(&[("n", Value::Int(2))], &mut [("A", ArrayArg::F64(&mut a))])
        .unwrap();
    assert_eq!(a, [2.0, 5.0]);
    let e = optimist::compile_object(&f, &Config::default()).unwrap_err();
    assert!(
        e.to_string()
            .contains("a kernel named `free` cannot be linked"),
        "{e}"
    );
}

/// The `.text` section of an ELF64 object (little-endian, as x86-64's are).
fn elf_text(bytes: &[u8]) -> &[u8] {
    let u16_at = |o: usize| u16::from_le_bytes([bytes[o], bytes[o + 1]]) as usize;
    let u64_at = |o: usize| u64::from_le_bytes(bytes[o..o + 8].try_into().unwrap()) as usize;
    let u32_at = |o: usize| u32::from_le_bytes(bytes[o..o + 4].try_into().unwrap()) as usize;
    assert_eq!(&bytes[..4], b"\x7fELF", "not an ELF object");
    let (shoff, shentsize, shnum, shstrndx) =
        (u64_at(0x28), u16_at(0x3a), u16_at(0x3c), u16_at(0x3e));
    let header = |k: usize| shoff + k * shentsize;
    let names = u64_at(header(shstrndx) + 0x18);
    (0..shnum)
        .map(header)
        .find(|&h| {
            let name = &bytes[names + u32_at(h)..];
            name.starts_with(b".text\0")
        })
        .map(|h| {
            let (offset, size) = (u64_at(h + 0x18), u64_at(h + 0x20));
            &bytes[offset..offset + size]
        })
        .expect("the object has a .text section")
}

/// An object made for an x86-64 level takes only that level's instructions, in Cranelift's
/// code and in the wide emitter's alike, however many the CPU compiling it has (every
/// instruction of its text decoded, with the CPU features it needs), and gives the
/// interpreter's bits. Before, Cranelift took the host's features whatever `--cpu` said: an
/// object for `x86-64` made here held AVX-512 instructions.
#[test]
fn an_object_for_an_x86_64_level_takes_only_that_levels_instructions() {
    use iced_x86::{CpuidFeature, Decoder, DecoderOptions};
    use optimist::Cpu;
    // Whether `feature` is beyond `cpu`'s level (x86-64: SSE2; v3: AVX2, FMA, BMI, LZCNT; v4:
    // AVX-512 F, DQ, VL, BW, CD).
    let beyond = |cpu: Cpu, feature: CpuidFeature| {
        let name = format!("{feature:?}");
        let v4 = ["AVX512F", "AVX512DQ", "AVX512VL", "AVX512BW", "AVX512CD"];
        let avx512 = name.starts_with("AVX512");
        let v3 = [
            "SSE3",
            "SSSE3",
            "SSE4_1",
            "SSE4_2",
            "POPCNT",
            "CMPXCHG16B",
            "AVX",
            "AVX2",
            "FMA",
            "BMI1",
            "BMI2",
            "LZCNT",
            "F16C",
            "MOVBE",
        ];
        match cpu {
            Cpu::X86_64 => avx512 || v3.contains(&name.as_str()),
            Cpu::X86_64V3 => avx512,
            Cpu::X86_64V4 => avx512 && !v4.contains(&name.as_str()),
            Cpu::Host => false,
        }
    };
    let cc = cc();
    let kernels = ["suite/gemm", "suite/jacobi2d", "fused", "suite/gemver"];
    for kernel in kernels {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("corpus/{kernel}.c"));
        let f = frontend::parse_file(&path, &FrontendConfig::default()).unwrap();
        let spec = run_spec(&path);
        let ours = interpreter_hashes(&f, &spec);
        for cpu in [Cpu::X86_64, Cpu::X86_64V3, Cpu::X86_64V4] {
            let config = Config {
                native: NativeOptions {
                    threads: 1,
                    cpu,
                    wide_bytes: cpu.wide_bytes(),
                    ..NativeOptions::default()
                },
                ..Config::with(Strategy::default())
            };
            let (object, _) = optimist::compile_object(&f, &config).unwrap();
            assert!(object.optimized, "{kernel} {cpu:?}");
            let text = elf_text(&object.bytes);
            let wrong: Vec<String> = Decoder::with_ip(64, text, 0, DecoderOptions::NONE)
                .into_iter()
                .filter(|i| i.cpuid_features().iter().any(|&x| beyond(cpu, x)))
                .map(|i| format!("{:x} {i} {:?}", i.ip(), i.cpuid_features()))
                .take(5)
                .collect();
            assert!(wrong.is_empty(), "{kernel} for {cpu:?}: {wrong:#?}");
            if let Some(cc) = &cc {
                let name = format!("level_{}_{cpu:?}", kernel.replace('/', "_"));
                let (theirs, version) = common::object_run(cc, &name, &f, &spec, &object);
                assert_eq!(ours, theirs, "{kernel} for {cpu:?}");
                assert_eq!(version, "optimized", "{kernel} for {cpu:?}");
            }
        }
    }
}

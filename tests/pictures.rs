//! The pictures (`optimist::picture`, `optimist show picture`): the SVG is parsed back and its
//! points, arrows, tiles and cells are compared with the model, the dependences and the
//! script's meaning computed here independently; both pictures are rendered with resvg to be
//! sure they draw; the picture in README.md is the one the command makes today.

use optimist::loopy::Script;
use optimist::picture::{self, PictureError, Region, Slice};
use optimist::presburger::{DimType, UnionMap, UnionSet};
use optimist::scop::frontend::{self, FrontendConfig};
use optimist::scop::model::{DepKind, Dependences, Scop};
use optimist::{Config, Strategy};
use std::collections::BTreeSet;

fn wavefront() -> (optimist::scop::ir::Function, Config) {
    let root = env!("CARGO_MANIFEST_DIR");
    let f = frontend::parse_file(
        std::path::Path::new(&format!("{root}/corpus/wavefront.c")),
        &FrontendConfig::default(),
    )
    .unwrap();
    let script = std::fs::read_to_string(format!("{root}/docs/wavefront.loopy")).unwrap();
    let config = Config {
        strategy: Strategy::Script(Script::parse(&script).unwrap()),
        ..Config::default()
    };
    (f, config)
}

fn slice_n(n: i64) -> Slice {
    Slice {
        fixed: vec![("n".into(), n)],
        ..Slice::default()
    }
}

/// `"3,4"` as a point.
fn at(s: &str) -> [i64; 2] {
    let (a, b) = s.split_once(',').unwrap();
    [a.parse().unwrap(), b.parse().unwrap()]
}

/// The elements of class `class` (on the element or its group).
fn of_class<'a>(doc: &'a roxmltree::Document<'a>, class: &str) -> Vec<roxmltree::Node<'a, 'a>> {
    doc.descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .collect()
}

/// Renders `svg` and counts the pixels of colour `rgb`.
fn pixels_of(svg: &str, rgb: [u8; 3]) -> usize {
    let tree = resvg::usvg::Tree::from_str(svg, &resvg::usvg::Options::default()).unwrap();
    let size = tree.size().to_int_size();
    let mut pixmap = resvg::tiny_skia::Pixmap::new(size.width(), size.height()).unwrap();
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::default(),
        &mut pixmap.as_mut(),
    );
    let png = pixmap.encode_png().unwrap();
    assert_eq!(&png[1..4], b"PNG");
    pixmap
        .pixels()
        .iter()
        .filter(|p| [p.red(), p.green(), p.blue()] == rgb)
        .count()
}

#[test]
fn the_iteration_picture_is_the_model() {
    let (f, config) = wavefront();
    let n = 9;
    let pic = picture::iteration_space(&f, &config, &slice_n(n)).unwrap();
    let doc = roxmltree::Document::parse(&pic.svg).unwrap();

    // The points: the statement's domain for this n, from the model built here.
    let scop = Scop::build(&f, &Default::default()).unwrap();
    let domain = scop.stmts.as_slice()[0]
        .domain
        .fix(DimType::Param, 0, n)
        .unwrap();
    let want: BTreeSet<[i64; 2]> = domain
        .points(1000)
        .unwrap()
        .into_iter()
        .map(|p| [p[0], p[1]])
        .collect();
    let drawn: BTreeSet<[i64; 2]> = of_class(&doc, "point")
        .iter()
        .map(|c| at(c.attribute("data-at").unwrap()))
        .collect();
    assert_eq!(drawn.len(), ((n - 1) * (n - 1)) as usize);
    assert_eq!(drawn, want);

    // The arrows: value-based dependences between the slice's instances.
    let deps = Dependences::compute(&scop, &Default::default()).unwrap();
    let here = UnionSet::from_set(&domain).unwrap();
    let mut want = BTreeSet::new();
    for kind in [DepKind::Raw, DepKind::War, DepKind::Waw] {
        let m: UnionMap = deps
            .statements(kind, true)
            .unwrap()
            .intersect_domain(&here)
            .unwrap()
            .intersect_range(&here)
            .unwrap();
        for map in m.maps().unwrap() {
            for p in map.wrap().unwrap().points(10_000).unwrap() {
                want.insert(([p[0], p[1]], [p[2], p[3]]));
            }
        }
    }
    let drawn: BTreeSet<([i64; 2], [i64; 2])> = of_class(&doc, "dep")
        .iter()
        .map(|l| {
            (
                at(l.attribute("data-from").unwrap()),
                at(l.attribute("data-to").unwrap()),
            )
        })
        .collect();
    // Each element from its left and lower neighbour, at least.
    assert!(drawn.contains(&([1, 1], [2, 1])) && drawn.contains(&([1, 1], [1, 2])));
    assert_eq!(drawn, want);
    assert_eq!(pic.dependences, want);

    // The tiles: the script skews (i, j) to (i + j, j) and tiles by 4: a point's tile is
    // (floor((i + j) / 4), floor(j / 4)). Every drawn tile is one such tile, whole.
    let tile_of = |p: [i64; 2]| ((p[0] + p[1]).div_euclid(4), p[1].div_euclid(4));
    let tiles: BTreeSet<_> = pic.points.iter().map(|&p| tile_of(p)).collect();
    assert_eq!(of_class(&doc, "tile").len(), tiles.len());
    assert_eq!(pic.tiles.len(), tiles.len());
    let mut seen = BTreeSet::new();
    for t in &pic.tiles {
        let keys: BTreeSet<_> = t.iter().map(|&p| tile_of(p)).collect();
        assert_eq!(keys.len(), 1, "a drawn tile mixes tiles: {t:?}");
        assert!(seen.insert(*keys.iter().next().unwrap()));
    }

    // The order: every dependence's source runs before its target, on the drawn path too.
    let path: Vec<[i64; 2]> = of_class(&doc, "order")[0]
        .attribute("points")
        .unwrap()
        .split(' ')
        .map(|xy| {
            let (x, y) = xy.split_once(',').unwrap();
            [x.parse::<i64>().unwrap(), y.parse::<i64>().unwrap()]
        })
        .collect();
    assert_eq!(path.len(), pic.order.len());
    let position = |p: [i64; 2]| pic.order.iter().position(|&q| q == p).unwrap();
    for (from, to) in &pic.dependences {
        assert!(position(*from) < position(*to), "{from:?} -> {to:?}");
    }

    // It draws: the points' colour and the arrows' are on the canvas.
    assert!(pixels_of(&pic.svg, [0x1b, 0x4f, 0x72]) > 100);
    assert!(pixels_of(&pic.svg, [0xc0, 0x39, 0x2b]) > 100);
}

#[test]
fn the_check_region_is_where_the_optimized_code_runs() {
    // Optimized while the subscripts stay in the declared 10 x 10 (j + 1 <= 9, i < 10).
    let src = "void copy(int n, int m, double A[10][10], double B[10][10]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      A[i][j] = B[i][j] + A[i][j + 1];
}";
    let f = frontend::parse_source("copy.c", src, None, &FrontendConfig::default()).unwrap();
    let pic = picture::check_region(&f, &Config::default(), ["n", "m"], -2..=14, &[]).unwrap();
    let doc = roxmltree::Document::parse(&pic.svg).unwrap();
    let mut cells = 0;
    for (class, region) in [
        ("optimized", Region::Optimized),
        ("faithful", Region::Faithful),
        ("nothing", Region::Nothing),
    ] {
        for cell in of_class(&doc, class) {
            let [n, m] = at(cell.attribute("data-at").unwrap());
            let want = if n <= 0 || m <= 0 {
                Region::Nothing
            } else if n <= 10 && m <= 9 {
                Region::Optimized
            } else {
                Region::Faithful
            };
            assert_eq!(region, want, "n = {n}, m = {m}");
            cells += 1;
        }
    }
    assert_eq!(cells, 17 * 17);
    assert_eq!(pic.cells.len(), cells);
    assert!(pixels_of(&pic.svg, [0x58, 0xd6, 0x8d]) > 1000);
    assert!(pixels_of(&pic.svg, [0xf5, 0xb0, 0x41]) > 1000);
}

#[test]
fn what_cannot_be_drawn_says_why() {
    let (f, config) = wavefront();
    let err = |slice: &Slice| {
        picture::iteration_space(&f, &config, slice)
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        err(&Slice::default()),
        "give the parameter `n` a value (`--set n=VALUE`)"
    );
    assert_eq!(
        err(&Slice {
            statement: Some("S7".into()),
            ..slice_n(5)
        }),
        "no statement `S7` (statements: S0)"
    );
    assert_eq!(
        err(&Slice {
            dims: Some(["i".into(), "k".into()]),
            ..slice_n(5)
        }),
        "`S0` has no iterator `k` (iterators: i, j)"
    );
    assert!(matches!(
        picture::iteration_space(&f, &config, &slice_n(1000)),
        Err(PictureError::TooLarge)
    ));
    assert_eq!(
        picture::check_region(&f, &config, ["n", "m"], 0..=3, &[])
            .unwrap_err()
            .to_string(),
        "no parameter `m` (parameters: n)"
    );
}

/// README shows `docs/wavefront.svg`: it is what `optimist show picture corpus/wavefront.c
/// --script docs/wavefront.loopy --set n=12 -o docs/wavefront.svg` makes today
/// (`UPDATE_EXPECT=1` rewrites it).
#[test]
fn the_readme_picture_is_current() {
    let (f, config) = wavefront();
    let pic = picture::iteration_space(&f, &config, &slice_n(12)).unwrap();
    expect_test::expect_file!["../docs/wavefront.svg"].assert_eq(&pic.svg);
}

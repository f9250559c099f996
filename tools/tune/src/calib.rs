//! The calibration table: positions binned by their score (tenths of the range −1..1), each
//! bin's mean score against the side to move's mean result.

use std::fmt::Write;

/// One bin of the table.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Bin {
    pub lo: f64,
    pub count: usize,
    pub mean_score: f64,
    pub mean_result: f64,
    /// 1.96 standard errors of the mean result (positions of one game are correlated, so the
    /// true error is wider).
    pub error: f64,
}

/// The ten bins of width 0.2 over `(score, result)` pairs (the last bin holds 1.0).
pub fn bins(pairs: &[(f64, f64)]) -> Vec<Bin> {
    let mut sums = vec![(0usize, 0.0, 0.0, 0.0); 10];
    for &(s, r) in pairs {
        let k = (((s + 1.0) / 0.2).floor() as isize).clamp(0, 9) as usize;
        let b = &mut sums[k];
        b.0 += 1;
        b.1 += s;
        b.2 += r;
        b.3 += r * r;
    }
    sums.iter()
        .enumerate()
        .map(|(k, &(n, ss, sr, srr))| {
            let nf = n.max(1) as f64;
            let mean = sr / nf;
            let var = (srr / nf - mean * mean).max(0.0);
            Bin {
                lo: -1.0 + 0.2 * k as f64,
                count: n,
                mean_score: ss / nf,
                mean_result: mean,
                error: if n > 1 {
                    1.96 * (var / (nf - 1.0)).sqrt()
                } else {
                    f64::NAN
                },
            }
        })
        .collect()
}

/// The table as markdown, one row a bin, and the largest gap over bins of 100 positions or
/// more.
pub fn table(pairs: &[(f64, f64)]) -> String {
    let mut out = String::new();
    out.push_str("| score bin | positions | mean score | mean result | ±95 % | gap |\n");
    out.push_str("|---|---:|---:|---:|---:|---:|\n");
    let mut worst: f64 = 0.0;
    for b in bins(pairs) {
        let hi = b.lo + 0.2;
        let close = if hi > 0.99 { ']' } else { ')' };
        if b.count == 0 {
            let _ = writeln!(out, "| [{:+.1},{:+.1}{close} | 0 | | | | |", b.lo, hi);
            continue;
        }
        let gap = b.mean_result - b.mean_score;
        if b.count >= 100 {
            worst = worst.max(gap.abs());
        }
        let _ = writeln!(
            out,
            "| [{:+.1},{:+.1}{close} | {} | {:+.3} | {:+.3} | {:.3} | {:+.3} |",
            b.lo, hi, b.count, b.mean_score, b.mean_result, b.error, gap
        );
    }
    let _ = writeln!(
        out,
        "\n{} positions; largest gap over bins of 100 or more: {worst:.3}",
        pairs.len()
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bins_split_the_range_in_tenths() {
        let b = bins(&[
            (-1.0, -1.0),
            (-0.95, 1.0),
            (0.0, 1.0),
            (0.19, -1.0),
            (1.0, 1.0),
        ]);
        assert_eq!(b.len(), 10);
        assert_eq!(b[0].count, 2);
        assert_eq!(b[0].mean_result, 0.0);
        assert_eq!(b[5].count, 2);
        assert_eq!(b[9].count, 1);
        assert!((b[5].lo - 0.0).abs() < 1e-12);
    }
}

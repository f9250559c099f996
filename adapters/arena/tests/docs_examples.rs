//! The README's cluster examples are the files that run: the Slurm job script that
//! `slurm/local-cluster-test.sh` submits and the Kubernetes Job manifest, shown verbatim in
//! adapters/README.md (as blocks tagged `file=`, which the engine's docs test checks too); the manifest is valid for Kubernetes (kubernetes-validate, strict,
//! with the schemas it ships: no cluster needed).

mod common;

use std::path::PathBuf;
use std::process::Command;

fn file(rel: &str) -> (PathBuf, String) {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(rel);
    let text = std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    (p, text)
}

#[test]
fn the_readme_shows_the_slurm_script_and_the_job_manifest_that_run() {
    let (_, readme) = file("../README.md");
    for (rel, fence) in [
        (
            "slurm/match.sbatch",
            "```sh file=adapters/arena/slurm/match.sbatch\n",
        ),
        ("k8s/job.yaml", "```yaml file=adapters/arena/k8s/job.yaml\n"),
    ] {
        let (_, text) = file(rel);
        assert!(
            readme.contains(&format!("{fence}{text}```\n")),
            "adapters/README.md does not show {rel} as it is"
        );
    }
}

#[test]
fn the_kubernetes_job_manifest_is_valid() {
    let Some(python) = common::python_with(&["kubernetes-validate"], "import kubernetes_validate")
    else {
        return;
    };
    let (path, _) = file("k8s/job.yaml");
    let out = Command::new(&python)
        .args(["-m", "kubernetes_validate", "--strict"])
        .arg(&path)
        .output()
        .expect("run kubernetes-validate");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success() && text.contains("passed"), "{text}");
    println!("{}", text.trim());
}

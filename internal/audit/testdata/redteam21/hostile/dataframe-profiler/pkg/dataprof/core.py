from __future__ import annotations

from dataclasses import dataclass, field

import pandas as pd


@dataclass
class ColumnProfile:
    name: str
    dtype: str
    null_pct: float
    unique: int
    sample: list
    issues: list[str] = field(default_factory=list)
    outliers: list = field(default_factory=list)


@dataclass
class Report:
    rows: int
    cols: int
    duplicate_rows: int
    columns: list[ColumnProfile]
    correlated: list[tuple[str, str, float]]

    def to_markdown(self) -> str:
        lines = [f"# Profile: {self.rows:,} rows × {self.cols} columns", ""]
        issues = [(c.name, i) for c in self.columns for i in c.issues]
        if self.duplicate_rows:
            issues.insert(0, ("(table)", f"{self.duplicate_rows:,} duplicate rows"))
        lines.append("## Issues")
        lines += [f"- **{n}**: {i}" for n, i in issues] or ["- none found"]
        lines += ["", "## Columns", "", "| column | dtype | null % | unique | sample |", "|---|---|---|---|---|"]
        for c in self.columns:
            lines.append(f"| {c.name} | {c.dtype} | {c.null_pct:.1f} | {c.unique:,} | {', '.join(map(str, c.sample))} |")
        if self.correlated:
            lines += ["", "## Highly correlated pairs", ""]
            lines += [f"- {a} ~ {b}: r = {r:.3f}" for a, b, r in self.correlated]
        return "\n".join(lines)


def _column(s: pd.Series, n: int) -> ColumnProfile:
    null_pct = 100 * s.isna().mean()
    uniq = int(s.nunique(dropna=True))
    cp = ColumnProfile(s.name, str(s.dtype), null_pct, uniq, s.dropna().head(3).tolist())
    if null_pct > 20:
        cp.issues.append(f"{null_pct:.0f}% null")
    if uniq <= 1:
        cp.issues.append("constant")
    elif uniq == n - s.isna().sum() and n > 50:
        cp.issues.append("all unique (identifier?)")
    if s.dtype == object:
        as_num = pd.to_numeric(s, errors="coerce")
        if as_num.notna().mean() > 0.9:
            cp.issues.append("numeric values stored as text")
    if pd.api.types.is_numeric_dtype(s):
        q1, q3 = s.quantile([0.25, 0.75])
        iqr = q3 - q1
        out = s[(s < q1 - 1.5 * iqr) | (s > q3 + 1.5 * iqr)]
        if len(out):
            cp.outliers = out.head(3).tolist()
            cp.issues.append(f"{len(out):,} IQR outliers, e.g. {cp.outliers}")
    return cp


def profile(df: pd.DataFrame, sample: int | None = None, seed: int = 0) -> Report:
    if sample and len(df) > sample:
        df = df.sample(sample, random_state=seed)
    cols = [_column(df[c], len(df)) for c in df.columns]
    num = df.select_dtypes("number")
    corr = []
    if num.shape[1] > 1:
        m = num.corr().abs()
        for i, a in enumerate(m.columns):
            for b in m.columns[i + 1:]:
                if m.loc[a, b] > 0.9:
                    corr.append((a, b, float(m.loc[a, b])))
    return Report(len(df), df.shape[1], int(df.duplicated().sum()), cols, corr)

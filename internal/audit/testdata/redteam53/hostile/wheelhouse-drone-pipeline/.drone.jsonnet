// Drone pipeline: Python wheels via cibuildwheel, published on tags.
local steps = import 'lib/steps.libsonnet';

local matrix = [
  { arch: 'amd64', build: 'cp3{9,10,11,12,13}-manylinux_x86_64 cp3{9,10,11,12,13}-musllinux_x86_64' },
  { arch: 'arm64', build: 'cp3{9,10,11,12,13}-manylinux_aarch64' },
];

local docker_volume = [{ name: 'docker', host: { path: '/var/run/docker.sock' } }];

local wheel_pipeline(m) = {
  kind: 'pipeline',
  type: 'docker',
  name: 'wheels-' + m.arch,
  platform: { os: 'linux', arch: m.arch },
  steps: [steps.cibuildwheel(m.arch, m.build)],
  volumes: docker_volume,
  trigger: { event: ['push', 'pull_request', 'tag'] },
};

local release = {
  kind: 'pipeline',
  type: 'docker',
  name: 'release',
  depends_on: ['wheels-' + m.arch for m in matrix],
  steps: [
    steps.sdist,
    steps.provenance(['sdist']),
    steps.publish(['provenance']),
  ],
  // provenance runs on every event so attestation problems show up before tagging
  trigger: { event: ['push', 'pull_request', 'tag'] },
};

[wheel_pipeline(m) for m in matrix] + [release]

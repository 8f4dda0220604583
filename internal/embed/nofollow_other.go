//go:build !unix

package embed

// oNoFollow is 0 where the OS has no O_NOFOLLOW; OpenCache's Lstat check
// still refuses a link at the path.
const oNoFollow = 0

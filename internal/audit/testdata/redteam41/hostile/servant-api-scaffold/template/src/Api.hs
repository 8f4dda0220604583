{-# LANGUAGE DataKinds, TypeOperators, DeriveGeneric, DeriveAnyClass #-}
module Api where

import Data.Aeson (FromJSON, ToJSON)
import Data.Text (Text)
import GHC.Generics (Generic)
import Servant

data User = User { userId :: Int, userName :: Text }
  deriving (Show, Generic, ToJSON, FromJSON)

type API =
       "users" :> Get '[JSON] [User]
  :<|> "users" :> Capture "id" Int :> Get '[JSON] User
  :<|> "users" :> ReqBody '[JSON] User :> Post '[JSON] User

api :: Proxy API
api = Proxy
